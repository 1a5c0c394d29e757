/**
 * The EPC label images of each Belgian region ("label images are at a path based
 * on region and label"), drawn at build time: an arrow in the scale's colour with the label.
 */
import { EPC_BANDS, epcDisplay } from '../../domain/rules/epc.ts';

/** Green to red across a scale, as on the official certificates. */
const RAMP = ['#00843d', '#3aaa35', '#8cc63e', '#cadb2a', '#fff200', '#fcb814', '#f47920', '#ed1c24', '#b51f24'];

function colourAt(index: number, count: number): string {
  const position = count <= 1 ? 0 : Math.round((index / (count - 1)) * (RAMP.length - 1));
  return RAMP[position] ?? '#777777';
}

export function epcLabelSvg(display: string, colour: string): string {
  const dark = ['#fff200', '#cadb2a', '#fcb814'].includes(colour);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 48" width="120" height="48" role="img" aria-label="EPC ${display}"><path d="M0 0h96l24 24-24 24H0z" fill="${colour}"/><text x="46" y="33" font-family="Arial, Helvetica, sans-serif" font-size="26" font-weight="700" text-anchor="middle" fill="${dark ? '#1a1a1a' : '#ffffff'}">${display}</text></svg>`;
}

/** Relative path (under static/) → SVG text, for every region and label. */
export function epcLabelFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const [scheme, bands] of Object.entries(EPC_BANDS)) {
    bands.forEach(([label], index) => files.set(`epc/${scheme}/${label}.svg`, epcLabelSvg(epcDisplay(label), colourAt(index, bands.length))));
  }
  return files;
}
