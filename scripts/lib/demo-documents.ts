/**
 * Demo documents: a small real PDF for every downloadable document the content names (a
 * floor plan drawn as rooms, or a project brochure), made at set-up like the photos, so
 * a visitor downloading "Plans (PDF, 3 kB)" opens a plan, not an error.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { documentKey } from '../../domain/rules/documents.ts';

/** Every `/media/….pdf` address the content names, with the id of the listing or project it belongs to. */
export function documentUrls(content: unknown, found = new Set<string>()): Set<string> {
  if (typeof content === 'string') {
    if (documentKey(content) !== null) found.add(content);
  } else if (Array.isArray(content)) for (const item of content) documentUrls(item, found);
  else if (typeof content === 'object' && content !== null) for (const value of Object.values(content)) documentUrls(value, found);
  return found;
}

/** A deterministic number stream from a text seed, so the same listing always gets the same plan. */
function seeded(seed: string): () => number {
  let state = [...seed].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0, 2166136261);
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** One A4 page: a title, and a floor plan of a few rooms with their surfaces, or a brochure's cover text. */
export async function demoDocument(url: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const key = url.replace(/^\/media\//, '');
  const id = /\/(\d+)\//.exec(key)?.[1] ?? '0';
  const brochure = key.endsWith('brochure.pdf');
  pdf.setTitle(brochure ? `Brochure ${id}` : `Plans ${id}`);
  pdf.setCreator('Vitrine demo');
  // Fixed dates keep the file, and so its ETag, the same at every set-up.
  pdf.setCreationDate(new Date('2025-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2025-01-01T00:00:00Z'));
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.12, 0.2, 0.32);
  page.drawText(brochure ? `Project ${id} — brochure` : `Reference ${id} — floor plan`, { x: 50, y: 780, size: 20, font: bold, color: ink });
  page.drawText('Immobilière Meuse & Ardenne — demo document', { x: 50, y: 756, size: 10, font, color: ink });
  const next = seeded(key);
  if (brochure) {
    const lines = ['New-build apartments with terraces', 'Energy label A — heat pump and solar panels', 'Delivery in phases, price list on request', 'Visit the show flat by appointment'];
    lines.forEach((line, i) => page.drawText(`• ${line}`, { x: 60, y: 700 - i * 26, size: 13, font, color: ink }));
    page.drawRectangle({ x: 50, y: 300, width: 495, height: 260, borderColor: ink, borderWidth: 1.5, color: rgb(0.93, 0.95, 0.97) });
    return pdf.save({ useObjectStreams: false });
  }
  // The outer wall, then rooms split along it, each named with a surface.
  const [x0, y0, width, height] = [60, 220, 475, 460];
  page.drawRectangle({ x: x0, y: y0, width, height, borderColor: ink, borderWidth: 3 });
  const rooms = ['Living', 'Kitchen', 'Bedroom 1', 'Bedroom 2', 'Bathroom', 'Hall'];
  const split = 0.45 + next() * 0.15;
  const column = (names: string[], x: number, w: number) => {
    let y = y0 + height;
    names.forEach((name, i) => {
      const h = i === names.length - 1 ? y - y0 : Math.round((height / names.length) * (0.8 + next() * 0.4));
      y -= h;
      page.drawRectangle({ x, y, width: w, height: h, borderColor: ink, borderWidth: 1.5 });
      const surface = Math.round((w * h) / 1200);
      page.drawText(`${name} ${surface} m²`.replace('²', '2'), { x: x + 10, y: y + h / 2, size: 11, font, color: ink });
    });
  };
  column(rooms.slice(0, 3), x0, Math.round(width * split));
  column(rooms.slice(3), x0 + Math.round(width * split), width - Math.round(width * split));
  page.drawText('Surfaces are indicative; the plan has no contractual value.', { x: 50, y: 180, size: 9, font, color: ink });
  return pdf.save({ useObjectStreams: false });
}
