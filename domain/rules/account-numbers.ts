/**
 * Account numbers in words a visitor wrote, found the way a reader would read them, not the
 * way we happened to see them written. The text is normalised first (full-width and other
 * compatibility forms folded, so "ＢＥ７１" is "BE71"), its letters and digits read as one
 * stream with any short run of separators between them skipped (spaces, non-breaking
 * spaces, hyphens, slashes, dots, underscores, line breaks: "BE71 - 0961", "BE71/0961",
 * one group per line), and a candidate is an account number when a maintained IBAN library
 * validates it (country length and check digits), so a reference or a word is never hidden
 * and the masking ends exactly where the number does. Long digit runs (twelve or more: an
 * old Belgian account, a card number, an IBAN with a wrong check digit) are hidden the same
 * way; phone numbers and prices stay.
 */
import { getCountrySpecifications, isValidIBAN } from 'ibantools';

/** Separators a reader skips between the groups of one number: at most this many in a row. */
const MAX_GAP = 3;
/** Digits in a row (separators skipped) that read as an account or card number. */
const LONG_DIGITS = 12;

const LENGTHS = new Map(
  Object.entries(getCountrySpecifications())
    .filter(([, spec]) => typeof spec.chars === 'number' && spec.chars > 0)
    .map(([country, spec]) => [country, spec.chars as number]),
);

interface Symbol {
  ch: string;
  /** Where the character starts and ends in the normalised text. */
  from: number;
  to: number;
  /** Whether only separators (at most MAX_GAP of them) stand between it and the previous symbol. */
  joined: boolean;
}

const isSeparator = (ch: string) => /[\s\p{Pd}\p{Pc}.,/\\|:·•'’]/u.test(ch);

/** The letters and digits of `text`, upper case, each with its place and whether it joins the one before. */
function symbolsOf(text: string): Symbol[] {
  const symbols: Symbol[] = [];
  let gap = 0;
  let broken = true;
  for (let i = 0; i < text.length;) {
    const ch = String.fromCodePoint(text.codePointAt(i) ?? 0);
    const next = i + ch.length;
    if (/[\p{L}\p{N}]/u.test(ch)) {
      symbols.push({ ch: ch.toUpperCase(), from: i, to: next, joined: !broken && gap <= MAX_GAP });
      gap = 0;
      broken = false;
    } else if (isSeparator(ch)) gap++;
    else broken = true;
    i = next;
  }
  return symbols;
}

/** Whether symbols `from` to `to` (excluded) read as one run: each joined to the one before. */
function oneRun(symbols: Symbol[], from: number, to: number): boolean {
  for (let k = from + 1; k < to; k++) if (!(symbols[k] as Symbol).joined) return false;
  return true;
}

/** The spans (in the normalised text) of every account number in it. */
function accountSpans(text: string): [number, number][] {
  const symbols = symbolsOf(text);
  const spans: [number, number][] = [];
  for (let i = 0; i < symbols.length;) {
    const at = (k: number) => symbols[k]?.ch ?? '';
    // A number starts a word: "XBE71…" is not an IBAN inside a word.
    const starts = i === 0 || !(symbols[i] as Symbol).joined || !/[\p{L}\p{N}]/u.test(text[(symbols[i] as Symbol).from - 1] ?? '');
    const length = LENGTHS.get(at(i) + at(i + 1));
    if (starts && length && /\d\d/.test(at(i + 2) + at(i + 3)) && i + length <= symbols.length && oneRun(symbols, i, i + length)) {
      const candidate = symbols
        .slice(i, i + length)
        .map((s) => s.ch)
        .join('');
      // The number must end where a word ends, or it is a longer code that merely begins like one.
      const after = symbols[i + length];
      if (isValidIBAN(candidate) && !(after?.joined && /[\p{N}]/u.test(after.ch) && (symbols[i + length - 1] as Symbol).to === after.from)) {
        spans.push([(symbols[i] as Symbol).from, (symbols[i + length - 1] as Symbol).to]);
        i += length;
        continue;
      }
    }
    if (/\d/.test(at(i)) && (i === 0 || !(symbols[i] as Symbol).joined || !/\d/.test(at(i - 1)))) {
      let end = i;
      while (end + 1 < symbols.length && (symbols[end + 1] as Symbol).joined && /\d/.test(at(end + 1))) end++;
      if (end - i + 1 >= LONG_DIGITS) {
        // A mistyped IBAN is still read as one: its two country letters go with its digits.
        const [a, b] = [symbols[i - 2], symbols[i - 1]];
        const lettered = a !== undefined && b !== undefined && (symbols[i] as Symbol).joined && a.to === b.from && /^\p{L}\p{L}$/u.test(a.ch + b.ch) && !/[\p{L}\p{N}]/u.test(text[a.from - 1] ?? '');
        spans.push([(symbols[lettered ? i - 2 : i] as Symbol).from, (symbols[end] as Symbol).to]);
        i = end + 1;
        continue;
      }
    }
    i++;
  }
  return spans;
}

/** The text with every account number replaced by `mask`, and whether any was. Normalised first. */
export function hideAccountNumbers(note: string, mask: string): { text: string; hidden: boolean } {
  const text = note.normalize('NFKC');
  const spans = accountSpans(text);
  let out = text;
  for (const [from, to] of [...spans].reverse()) out = `${out.slice(0, from)}${mask}${out.slice(to)}`;
  return { text: out, hidden: spans.length > 0 };
}
