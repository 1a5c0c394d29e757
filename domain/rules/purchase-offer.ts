import { isLang, type Lang } from '../lang.ts';
import { roundCents } from './money.ts';

/** Share of the offered price the buyer pays as an advance. */
export const ADVANCE_RATE = 0.1;

/**
 * The advance a buyer pays with a purchase offer: 10% of the price, rounded to cents.
 * Why: the offer form shows the amount the buyer commits to; it must match what the notary will ask.
 * null for a price that is not a positive finite number, or too large to count in whole cents.
 */
export function purchaseAdvance(price: unknown): number | null {
  if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0) return null;
  if (price * 100 > Number.MAX_SAFE_INTEGER) return null;
  return roundCents(price * ADVANCE_RATE);
}

export const MAX_AMOUNT_IN_WORDS = 999_999_999;

type Words = (n: number) => string;

// Dutch, as the Taalunie writes numbers: one word up to 'duizend', a space after 'duizend',
// 'miljoen' as a separate word ('tweeduizend vijfhonderd', 'twee miljoen driehonderdduizend').
const NL_UNITS = [
  'nul',
  'een',
  'twee',
  'drie',
  'vier',
  'vijf',
  'zes',
  'zeven',
  'acht',
  'negen',
  'tien',
  'elf',
  'twaalf',
  'dertien',
  'veertien',
  'vijftien',
  'zestien',
  'zeventien',
  'achttien',
  'negentien',
] as const;
const NL_TENS = ['', '', 'twintig', 'dertig', 'veertig', 'vijftig', 'zestig', 'zeventig', 'tachtig', 'negentig'] as const;

function nlBelow1000(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const head = hundreds === 0 ? '' : `${hundreds === 1 ? '' : NL_UNITS[hundreds]}honderd`;
  if (rest === 0) return head;
  if (rest < 20) return head + NL_UNITS[rest];
  const unit = NL_UNITS[rest % 10] ?? '';
  const tens = NL_TENS[Math.floor(rest / 10)] ?? '';
  // 'tweeëntwintig', 'drieëndertig': a diaeresis where 'e' meets 'en'.
  return head + (unit === 'nul' ? tens : `${unit}${unit.endsWith('e') ? 'ën' : 'en'}${tens}`);
}

const nl: Words = (n) => {
  const millions = Math.floor(n / 1e6);
  const thousands = Math.floor((n % 1e6) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (millions > 0) parts.push(`${millions === 1 ? 'een' : nlBelow1000(millions)} miljoen`);
  if (thousands > 0) parts.push(`${thousands === 1 ? '' : nlBelow1000(thousands)}duizend`);
  if (rest > 0) parts.push(nlBelow1000(rest));
  return parts.length === 0 ? 'nul' : parts.join(' ');
};

// Belgian French (septante, nonante; quatre-vingts), traditional spelling: hyphens below one hundred only.
const FR_UNITS = [
  'zéro',
  'un',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
  'onze',
  'douze',
  'treize',
  'quatorze',
  'quinze',
  'seize',
  'dix-sept',
  'dix-huit',
  'dix-neuf',
] as const;
const FR_TENS = ['', '', 'vingt', 'trente', 'quarante', 'cinquante', 'soixante', 'septante', 'quatre-vingt', 'nonante'] as const;

/** `plural`: 'cent' and 'quatre-vingt' take an s when they end the number or precede 'millions', not before 'mille'. */
function frBelow100(n: number, plural: boolean): string {
  if (n < 20) return FR_UNITS[n] ?? '';
  const tens = Math.floor(n / 10);
  const unit = n % 10;
  const word = FR_TENS[tens] ?? '';
  if (unit === 0) return tens === 8 && plural ? 'quatre-vingts' : word;
  if (unit === 1 && tens !== 8) return `${word} et un`;
  return `${word}-${FR_UNITS[unit] ?? ''}`;
}

function frBelow1000(n: number, plural: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 0) return frBelow100(rest, plural);
  const head = hundreds === 1 ? 'cent' : `${FR_UNITS[hundreds] ?? ''} cent${rest === 0 && plural ? 's' : ''}`;
  return rest === 0 ? head : `${head} ${frBelow100(rest, plural)}`;
}

const fr: Words = (n) => {
  const millions = Math.floor(n / 1e6);
  const thousands = Math.floor((n % 1e6) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (millions > 0) parts.push(millions === 1 ? 'un million' : `${frBelow1000(millions, true)} millions`);
  if (thousands > 0) parts.push(thousands === 1 ? 'mille' : `${frBelow1000(thousands, false)} mille`);
  if (rest > 0) parts.push(frBelow1000(rest, true));
  return parts.length === 0 ? 'zéro' : parts.join(' ');
};

// English without 'and' ('two hundred eighty-five thousand'), as on cheques and in the brief.
const EN_UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
] as const;
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'] as const;

function enBelow1000(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words: string[] = [];
  if (hundreds > 0) words.push(`${EN_UNITS[hundreds] ?? ''} hundred`);
  if (rest >= 20) words.push(`${EN_TENS[Math.floor(rest / 10)] ?? ''}${rest % 10 === 0 ? '' : `-${EN_UNITS[rest % 10] ?? ''}`}`);
  else if (rest > 0) words.push(EN_UNITS[rest] ?? '');
  return words.join(' ');
}

const en: Words = (n) => {
  const millions = Math.floor(n / 1e6);
  const thousands = Math.floor((n % 1e6) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (millions > 0) parts.push(`${enBelow1000(millions)} million`);
  if (thousands > 0) parts.push(`${enBelow1000(thousands)} thousand`);
  if (rest > 0) parts.push(enBelow1000(rest));
  return parts.length === 0 ? 'zero' : parts.join(' ');
};

// German: one word below a million ('zweihundertfünfundachtzigtausend'), 'Million(en)' separate and capitalised;
// 'einhundert'/'eintausend' as written on cheques. 'eins' only at the very end of a number.
const DE_UNITS = [
  'null',
  'eins',
  'zwei',
  'drei',
  'vier',
  'fünf',
  'sechs',
  'sieben',
  'acht',
  'neun',
  'zehn',
  'elf',
  'zwölf',
  'dreizehn',
  'vierzehn',
  'fünfzehn',
  'sechzehn',
  'siebzehn',
  'achtzehn',
  'neunzehn',
] as const;
const DE_TENS = ['', '', 'zwanzig', 'dreißig', 'vierzig', 'fünfzig', 'sechzig', 'siebzig', 'achtzig', 'neunzig'] as const;

function deBelow1000(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  let words = hundreds === 0 ? '' : `${hundreds === 1 ? 'ein' : (DE_UNITS[hundreds] ?? '')}hundert`;
  if (rest >= 20) {
    const unit = rest % 10;
    const tens = DE_TENS[Math.floor(rest / 10)] ?? '';
    words += unit === 0 ? tens : `${unit === 1 ? 'ein' : (DE_UNITS[unit] ?? '')}und${tens}`;
  } else if (rest > 0) words += DE_UNITS[rest] ?? '';
  return words;
}

const de: Words = (n) => {
  const millions = Math.floor(n / 1e6);
  const thousands = Math.floor((n % 1e6) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  // 'Million' is feminine: 'eine Million', 'einundzwanzig Millionen', 'zweihunderteine Millionen'.
  if (millions === 1) parts.push('eine Million');
  else if (millions > 1) parts.push(`${deBelow1000(millions).replace(/eins$/, 'eine')} Millionen`);
  const thousandsWord = thousands === 0 ? '' : `${deBelow1000(thousands).replace(/eins$/, 'ein')}tausend`;
  const below = thousandsWord + (rest > 0 ? deBelow1000(rest) : '');
  if (below !== '') parts.push(below);
  return parts.length === 0 ? 'null' : parts.join(' ');
};

const WORDS: Readonly<Record<Lang, Words>> = { nl, fr, en, de };

/**
 * A whole-euro amount in words, e.g. 285000 → 'tweehonderdvijfentachtigduizend' (nl),
 * 'deux cent quatre-vingt-cinq mille' (fr), 'two hundred eighty-five thousand' (en),
 * 'zweihundertfünfundachtzigtausend' (de). The caller adds 'euro'.
 * Why: a purchase offer states its amount in figures and in words so neither can be altered alone.
 * null for an unknown language, or an amount that is not a whole number from 0 to 999,999,999.
 */
export function amountInWords(amount: unknown, lang: string | null | undefined): string | null {
  if (!isLang(lang)) return null;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 0 || amount > MAX_AMOUNT_IN_WORDS) return null;
  return WORDS[lang](amount);
}
