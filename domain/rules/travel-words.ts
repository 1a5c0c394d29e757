/**
 * A listing's journeys in words: "Bruxelles-Central : 1 h 30 en train depuis Ciney (1,3 km à
 * pied), direct, départ 7 h 34". Distances in Belgian notation as every figure of the site;
 * durations and clock times as each language writes them (the dictionary's patterns).
 */
import type { Translate } from '../i18n/translator.ts';
import type { TravelJourneyView, TravelMode } from '../travel.ts';
import { formatNumber } from './price.ts';

export const TRAVEL_MODE_KEYS: Record<Exclude<TravelMode, 'walk'>, string> = {
  train: 'TRAVEL_BY_TRAIN',
  bus: 'TRAVEL_BY_BUS',
  tram: 'TRAVEL_BY_TRAM',
  metro: 'TRAVEL_BY_METRO',
  boat: 'TRAVEL_BY_BOAT',
};

/** 39 → "39 min"; 90 → "1 h 30". */
export function durationWords(minutes: number, t: Translate): string {
  if (minutes < 60) return t('TRAVEL_MINUTES', { minutes });
  return t('TRAVEL_HOURS', { hours: Math.floor(minutes / 60), mm: String(minutes % 60).padStart(2, '0') });
}

/** "07:34" → "7 h 34" (fr), "7.34 u" (nl), "7:34" (en), "7:34 Uhr" (de). */
export function clockWords(clock: string, t: Translate): string {
  const [h = '0', mm = '00'] = clock.split(':');
  return t('TRAVEL_CLOCK', { hours: Number(h), mm });
}

/** A walk to the nearest ten metres under a kilometre, else to the hundred: "450 m", "1,3 km" (a no-break space: the unit never starts a line). */
export function walkWords(meters: number): string {
  if (meters < 995) return `${Math.max(10, Math.round(meters / 10) * 10)}\u00a0m`;
  return `${formatNumber(Math.round(meters / 100) / 10)}\u00a0km`;
}

export function journeyWords(journey: TravelJourneyView, t: Translate): string {
  const duration = durationWords(journey.minutes, t);
  if (journey.mode === 'walk') return t('TRAVEL_ON_FOOT', { hub: journey.hubName, duration, walk: walkWords(journey.walkMeters) });
  const mode = t(TRAVEL_MODE_KEYS[journey.mode]);
  const changes = journey.changes === 0 ? t('TRAVEL_DIRECT') : t('TRAVEL_CHANGES', { count: journey.changes });
  const time = clockWords(journey.departure, t);
  return t('TRAVEL_JOURNEY', { hub: journey.hubName, duration, mode, stop: journey.stop, walk: walkWords(journey.walkMeters), changes, time });
}

/** Travel times hold until their timetables' last valid day; after it they are gone, never shown stale. */
export function travelStillValid(validTo: string, today: string): boolean {
  return today <= validTo;
}
