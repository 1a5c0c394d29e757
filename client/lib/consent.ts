/**
 * Cookie-consent rules, pure so the dialog, the analytics loader and the tests
 * share one reading of what the visitor chose.
 *
 * Stored in localStorage (strings, so any old value that is not 'true' reads as refused):
 *   consent                          'set' once the visitor has chosen
 *   consent_ad_user_data             'true' | 'false'
 *   consent_ad_storage               'true' | 'false'
 *   consent_analytics_storage        'true' | 'false'
 *   consent_ad_personalization       'true' | 'false'
 * Strictly necessary storage is always on and therefore not stored.
 */
import { isPreviewPath } from '../../domain/rules/preview.ts';

/** The four optional choices, named as Google consent mode v2 names them. */
export const CONSENT_FLAGS = ['ad_user_data', 'ad_storage', 'analytics_storage', 'ad_personalization'] as const;
export type ConsentFlag = (typeof CONSENT_FLAGS)[number];
export type ConsentChoices = Record<ConsentFlag, boolean>;

export const CONSENT_KEY = 'consent';
export const CONSENT_SET = 'set';

/** localStorage key of one flag. */
export function flagKey(flag: ConsentFlag): string {
  return `consent_${flag}`;
}

export type ConsentAction = 'agree-all' | 'decline' | 'agree-partly';

export const NO_CONSENT: ConsentChoices = { ad_user_data: false, ad_storage: false, analytics_storage: false, ad_personalization: false };
const ALL_CONSENT: ConsentChoices = { ad_user_data: true, ad_storage: true, analytics_storage: true, ad_personalization: true };

/** What an action saves: all on, only the necessary one, or the toggles as set. */
export function choicesFor(action: ConsentAction, toggles: ConsentChoices): ConsentChoices {
  if (action === 'agree-all') return { ...ALL_CONSENT };
  if (action === 'decline') return { ...NO_CONSENT };
  return { ...toggles };
}

/** The storage entries an action writes: 'consent' = 'set' and each flag as 'true'/'false'. */
export function entriesToStore(choices: ConsentChoices): [string, string][] {
  return [[CONSENT_KEY, CONSENT_SET], ...CONSENT_FLAGS.map((flag): [string, string] => [flagKey(flag), String(choices[flag])])];
}

/** Every key the consent owns, for `?setcookies`. */
export function consentKeys(): string[] {
  return [CONSENT_KEY, ...CONSENT_FLAGS.map(flagKey)];
}

/** The part of Storage these rules touch, so tests can pass a Map-backed double. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The visitor's stored choices, or null when they have not chosen yet. */
export function readConsent(store: Pick<KeyValueStore, 'getItem'>): ConsentChoices | null {
  if (store.getItem(CONSENT_KEY) !== CONSENT_SET) return null;
  const choices = { ...NO_CONSENT };
  for (const flag of CONSENT_FLAGS) choices[flag] = store.getItem(flagKey(flag)) === 'true';
  return choices;
}

/** Saves a choice; storage that throws (private mode, quota) just means the dialog asks again next time. */
export function saveConsent(store: KeyValueStore, choices: ConsentChoices): void {
  try {
    for (const [key, value] of entriesToStore(choices)) store.setItem(key, value);
  } catch {
    // nothing to do: the choice still applies to this page
  }
}

/** Forgets the choice so the dialog shows again. */
export function clearConsent(store: KeyValueStore): void {
  try {
    for (const key of consentKeys()) store.removeItem(key);
  } catch {
    // storage unavailable: nothing was stored either
  }
}

/** `?setcookies` (with or without a value) asks to choose again. */
export function wantsConsentReset(search: string): boolean {
  return new URLSearchParams(search).has('setcookies');
}

/** The dialog shows when nothing is stored and the page is not a preview. */
export function shouldShowConsent(stored: ConsentChoices | null, pathname: string): boolean {
  return stored === null && !isPreviewPath(pathname);
}

export type ConsentState = 'granted' | 'denied';

/** Consent mode v2 state from the choices; null (not chosen) is denied everywhere. */
export function consentModeState(choices: ConsentChoices | null): Record<ConsentFlag, ConsentState> {
  const c = choices ?? NO_CONSENT;
  return {
    ad_user_data: c.ad_user_data ? 'granted' : 'denied',
    ad_storage: c.ad_storage ? 'granted' : 'denied',
    analytics_storage: c.analytics_storage ? 'granted' : 'denied',
    ad_personalization: c.ad_personalization ? 'granted' : 'denied',
  };
}
