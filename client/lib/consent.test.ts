import { describe, expect, it } from 'vitest';
import {
  choicesFor,
  clearConsent,
  consentKeys,
  consentModeState,
  entriesToStore,
  NO_CONSENT,
  readConsent,
  saveConsent,
  shouldShowConsent,
  wantsConsentReset,
  type ConsentAction,
  type ConsentChoices,
  type KeyValueStore,
} from './consent.ts';

function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const ANALYTICS_ONLY: ConsentChoices = { ad_user_data: false, ad_storage: false, analytics_storage: true, ad_personalization: false };

describe('what each action stores', () => {
  it.each<[ConsentAction, ConsentChoices, Record<string, string>]>([
    ['agree-all', NO_CONSENT, { consent: 'set', consent_ad_user_data: 'true', consent_ad_storage: 'true', consent_analytics_storage: 'true', consent_ad_personalization: 'true' }],
    [
      'decline',
      { ...NO_CONSENT, ad_storage: true },
      { consent: 'set', consent_ad_user_data: 'false', consent_ad_storage: 'false', consent_analytics_storage: 'false', consent_ad_personalization: 'false' },
    ],
    ['agree-partly', ANALYTICS_ONLY, { consent: 'set', consent_ad_user_data: 'false', consent_ad_storage: 'false', consent_analytics_storage: 'true', consent_ad_personalization: 'false' }],
    ['agree-partly', NO_CONSENT, { consent: 'set', consent_ad_user_data: 'false', consent_ad_storage: 'false', consent_analytics_storage: 'false', consent_ad_personalization: 'false' }],
  ])('%s with toggles %j', (action, toggles, stored) => {
    const store = memoryStore();
    saveConsent(store, choicesFor(action, toggles));
    expect(Object.fromEntries(store.data)).toEqual(stored);
  });

  it('writes consent = set first and exactly the four flags', () => {
    expect(entriesToStore(ANALYTICS_ONLY).map(([key]) => key)).toEqual(['consent', 'consent_ad_user_data', 'consent_ad_storage', 'consent_analytics_storage', 'consent_ad_personalization']);
  });

  it('a storage that throws does not break the page', () => {
    const store: KeyValueStore = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => saveConsent(store, NO_CONSENT)).not.toThrow();
    expect(() => clearConsent(store)).not.toThrow();
  });
});

describe('reading the stored choice', () => {
  it.each<[string, Record<string, string>, ConsentChoices | null]>([
    ['nothing stored', {}, null],
    ['flags without consent=set', { consent_analytics_storage: 'true' }, null],
    ['consent with another value', { consent: 'yes', consent_analytics_storage: 'true' }, null],
    [
      'all true',
      { consent: 'set', consent_ad_user_data: 'true', consent_ad_storage: 'true', consent_analytics_storage: 'true', consent_ad_personalization: 'true' },
      { ad_user_data: true, ad_storage: true, analytics_storage: true, ad_personalization: true },
    ],
    ['analytics only', { consent: 'set', consent_ad_user_data: 'false', consent_ad_storage: 'false', consent_analytics_storage: 'true', consent_ad_personalization: 'false' }, ANALYTICS_ONLY],
    ['a missing or odd flag reads as refused', { consent: 'set', consent_analytics_storage: 'TRUE', consent_ad_storage: '1' }, NO_CONSENT],
  ])('%s', (_name, stored, expected) => {
    expect(readConsent(memoryStore(stored))).toEqual(expected);
  });

  it('round-trips what was saved', () => {
    const store = memoryStore();
    saveConsent(store, ANALYTICS_ONLY);
    expect(readConsent(store)).toEqual(ANALYTICS_ONLY);
  });

  it('clearing removes the consent and the flags, nothing else', () => {
    const store = memoryStore({ lng: 'fr' });
    saveConsent(store, ANALYTICS_ONLY);
    clearConsent(store);
    expect(Object.fromEntries(store.data)).toEqual({ lng: 'fr' });
    expect(consentKeys()).toHaveLength(5);
  });
});

describe('?setcookies', () => {
  it.each([
    ['?setcookies', true],
    ['?setcookies=1', true],
    ['?lng=fr&setcookies', true],
    ['setcookies', true],
    ['', false],
    ['?setcookie', false],
    ['?x=setcookies', false],
  ])('%j → %s', (search, expected) => {
    expect(wantsConsentReset(search)).toBe(expected);
  });
});

describe('when the dialog shows', () => {
  it.each<[ConsentChoices | null, string, boolean]>([
    [null, '/fr/', true],
    [null, '/en/for-sale/', true],
    [NO_CONSENT, '/fr/', false],
    [ANALYTICS_ONLY, '/fr/', false],
    [null, '/preview/', false],
    // A page whose name merely contains the word is no preview: the dialog asks there too.
    [null, '/fr/page-preview/', true],
    [null, '/fr/preview/nos-services/', false],
    [null, '/fr/Preview/', false],
  ])('stored %j on %s → %s', (stored, path, expected) => {
    expect(shouldShowConsent(stored, path)).toBe(expected);
  });
});

describe('consent mode v2 state', () => {
  it.each<[ConsentChoices | null, Record<string, string>]>([
    [null, { ad_user_data: 'denied', ad_storage: 'denied', analytics_storage: 'denied', ad_personalization: 'denied' }],
    [NO_CONSENT, { ad_user_data: 'denied', ad_storage: 'denied', analytics_storage: 'denied', ad_personalization: 'denied' }],
    [ANALYTICS_ONLY, { ad_user_data: 'denied', ad_storage: 'denied', analytics_storage: 'granted', ad_personalization: 'denied' }],
    [choicesFor('agree-all', NO_CONSENT), { ad_user_data: 'granted', ad_storage: 'granted', analytics_storage: 'granted', ad_personalization: 'granted' }],
  ])('%j', (choices, expected) => {
    expect(consentModeState(choices)).toEqual(expected);
  });
});
