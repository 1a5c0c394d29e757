import type { TravelView } from '../../../domain/travel.ts';
import { clockWords, journeyWords, travelStillValid, walkWords } from '../../../domain/rules/travel-words.ts';
import { utcDay } from '../../../domain/rules/gone.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { Icon } from '../Icon.tsx';

/** The stops a page's journeys use, once each, while their timetables are valid: what its map names. */
export function travelStops(travel: TravelView | null, today: string): { name: string; lat: number; lng: number }[] {
  if (!travel || travel.far || !travelStillValid(travel.validTo, today)) return [];
  const seen = new Map<string, { name: string; lat: number; lng: number }>();
  for (const j of travel.journeys) seen.set(`${j.lat},${j.lng}`, { name: j.stop, lat: j.lat, lng: j.lng });
  return [...seen.values()];
}

/**
 * "How long to work": the fastest journey by public transport to each hub the agency names,
 * dated by the timetables it comes from. Worked out when the listing was published, so
 * nothing here asks anyone anything; gone (with a note) once the timetables expire.
 */
export function TravelTimes({ travel }: { travel: TravelView }) {
  const { t, lang } = useI18n();
  const date = (day: string, weekday: boolean) =>
    new Intl.DateTimeFormat(`${lang}-BE`, { ...(weekday ? { weekday: 'long' } : {}), day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  const valid = travelStillValid(travel.validTo, utcDay(new Date()));
  return (
    <section aria-labelledby="travel-title" className="travel">
      <h2 id="travel-title">{t('TRAVEL_TITLE')}</h2>
      {!valid ? (
        <p>{t('TRAVEL_EXPIRED')}</p>
      ) : travel.far ? (
        <p>{t('TRAVEL_FAR', { walk: walkWords(travel.maxWalkMeters) })}</p>
      ) : (
        <>
          <ul className="travel__list">
            {travel.journeys.map((journey) => (
              <li key={journey.hub}>
                <Icon name={journey.mode === 'walk' ? 'pin' : 'train'} size={16} /> {journeyWords(journey, t)}
              </li>
            ))}
            {travel.unreachable.map((hub) => (
              <li key={hub.hub}>{t('TRAVEL_UNREACHABLE', { hub: hub.hubName, time: clockWords(travel.arriveBy, t) })}</li>
            ))}
          </ul>
          <p className="travel__note">{t('TRAVEL_DATED', { day: date(travel.day, true), time: clockWords(travel.arriveBy, t), until: date(travel.validTo, false) })}</p>
          {travel.approximate ? <p className="travel__note">{t('TRAVEL_APPROXIMATE')}</p> : null}
        </>
      )}
      <p className="travel__note">{t('TRAVEL_PRIVATE')}</p>
    </section>
  );
}
