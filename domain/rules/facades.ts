export type FacadeKind = 'open' | 'half-open' | 'closed';

export const FACADE_KEYS = {
  open: 'FACADES_OPEN',
  'half-open': 'FACADES_HALF_OPEN',
  closed: 'FACADES_CLOSED',
} as const satisfies Record<FacadeKind, string>;

export type FacadeKey = (typeof FACADE_KEYS)[FacadeKind];

/**
 * The building type from its number of facades: 2 closed (terraced, party walls), 3 half-open, 4 or more open.
 * Why: buyers search by type, the CRM only stores a count. Irregular detached buildings report 5+ facades and
 * are still open; 0, 1, fractions, negatives and non-numbers give null (no claim rather than a wrong one).
 */
export function facadeKind(count: unknown): FacadeKind | null {
  if (typeof count !== 'number' || !Number.isInteger(count)) return null;
  if (count >= 4) return 'open';
  if (count === 3) return 'half-open';
  if (count === 2) return 'closed';
  return null;
}

/**
 * The translation key for a facade kind, or null when the kind is unknown.
 * Why: the label text lives in the translations, the mapping lives here once.
 */
export function facadeKey(kind: FacadeKind | null): FacadeKey | null {
  return kind === null ? null : FACADE_KEYS[kind];
}
