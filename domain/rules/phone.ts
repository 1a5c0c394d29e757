/** Digits plus the separators people type in Belgian numbers; anything else (letters, '+', '()') is left alone. */
const NATIONAL_NUMBER = /^[\d\s./-]+$/;

function group(digits: string, sizes: readonly number[]): string {
  const parts: string[] = [];
  let start = 0;
  for (const size of sizes) {
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
}

/**
 * Formats a Belgian national phone number for display: 10 digits as 4-2-2-2 (0471 23 45 67), 9 digits as 3-2-2-2 (081 23 45 67).
 * Why: CRM numbers arrive as '0471234567', '0471/23.45.67' or '081-23 45 67' and the site shows one style.
 * Only digits and spaces (incl. NBSP), '.', '/', '-' are accepted; anything else, including '+32' and '0032'
 * international numbers (11+ digits), is returned unchanged so no information is lost.
 */
export function formatPhone(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (!NATIONAL_NUMBER.test(value)) return value;
  const digits = value.replace(/\D/g, '');
  if (digits.length === 10) return group(digits, [4, 2, 2, 2]);
  if (digits.length === 9) return group(digits, [3, 2, 2, 2]);
  return value;
}

/**
 * Builds a `tel:` href: a leading '+' (if the number starts with one) followed by the digits only.
 * Why: separators and labels ("gsm") in CRM numbers break click-to-call; null when there is nothing to dial.
 */
export function phoneHref(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const digits = value.replace(/\D/g, '');
  if (digits === '') return null;
  return `tel:${value.trimStart().startsWith('+') ? '+' : ''}${digits}`;
}
