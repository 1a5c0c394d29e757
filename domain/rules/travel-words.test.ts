import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/translator.ts';
import type { Lang } from '../lang.ts';
import type { TravelJourneyView } from '../travel.ts';
import { clockWords, durationWords, journeyWords, travelStillValid, walkWords } from './travel-words.ts';
import fr from '../../content/demo/translations/fr.json';
import nl from '../../content/demo/translations/nl.json';
import en from '../../content/demo/translations/en.json';
import de from '../../content/demo/translations/de.json';

const dicts: Record<string, Record<string, string>> = { fr, nl, en, de };
const t = (lang: Lang) => createTranslator(lang, dicts[lang] ?? {}).t;
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

const journey: TravelJourneyView = {
  hub: 'brussels',
  hubName: 'Bruxelles-Central',
  minutes: 62,
  changes: 1,
  mode: 'train',
  departure: '07:34',
  stop: 'Ciney',
  lat: 50.29,
  lng: 5.1,
  walkMeters: 1_262,
};

describe('a journey in words', () => {
  it.each([
    ['fr', journey, 'Bruxelles-Central : 1 h 02 en train depuis Ciney (1,3 km à pied), 1 correspondance, départ 7 h 34'],
    ['nl', { ...journey, hubName: 'Brussel-Centraal' }, 'Brussel-Centraal: 1 u 02 met de trein vanaf Ciney (1,3 km te voet), 1 overstap, vertrek 7.34 u'],
    ['en', { ...journey, changes: 2 }, 'Bruxelles-Central: 1 h 02 by train from Ciney (1,3 km on foot), 2 changes, leaving 7:34'],
    ['de', { ...journey, changes: 0, mode: 'bus', minutes: 39, walkMeters: 451 }, 'Bruxelles-Central: 39 Min. mit dem Bus ab Ciney (450 m zu Fuß), direkt, Abfahrt 7:34 Uhr'],
    ['fr', { ...journey, mode: 'walk', minutes: 15, walkMeters: 1_151, departure: '' }, 'Bruxelles-Central : 15 min à pied (1,2 km)'],
    ['nl', { ...journey, mode: 'tram', changes: 0, departure: '08:05' }, 'Bruxelles-Central: 1 u 02 met de tram vanaf Ciney (1,3 km te voet), rechtstreeks, vertrek 8.05 u'],
  ] as const)('%s: %s', (lang, j, expected) => {
    expect(plain(journeyWords(j, t(lang)))).toBe(expected);
  });

  it.each([
    [5, '5 min'],
    [59, '59 min'],
    [60, '1 h 00'],
    [135, '2 h 15'],
  ] as const)('%d minutes are %s', (minutes, words) => {
    expect(plain(durationWords(minutes, t('fr')))).toBe(words);
  });

  it.each([
    [8, '10 m'],
    [454, '450 m'],
    [994, '990 m'],
    [995, '1 km'],
    [1_262, '1,3 km'],
    [10_480, '10,5 km'],
  ] as const)('a walk of %d m is %s', (meters, words) => {
    expect(plain(walkWords(meters))).toBe(words);
  });

  it('writes clock times as each language does', () => {
    expect((['fr', 'nl', 'en', 'de'] as const).map((lang) => plain(clockWords('09:00', t(lang))))).toEqual(['9 h 00', '9.00 u', '9:00', '9:00 Uhr']);
  });

  it('holds travel times until the last valid day of their timetables, not after', () => {
    expect([travelStillValid('2030-12-31', '2030-12-31'), travelStillValid('2030-12-31', '2031-01-01')]).toEqual([true, false]);
  });
});
