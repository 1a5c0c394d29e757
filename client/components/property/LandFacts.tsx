import type { LandFactView, LandPriceView, LandSourceView, LandView } from '../../../domain/land.ts';
import { crmWords, LAND_TOPIC_KEYS, landStillValid, landWords } from '../../../domain/rules/land-words.ts';
import { formatEuro } from '../../../domain/rules/price.ts';
import { utcDay } from '../../../domain/rules/gone.ts';
import { useI18n } from '../../i18n/i18n.tsx';

/**
 * "What the land says": each fact an official layer gives for the listing's place, what it
 * means in plain words, where it comes from (publisher, date, licence) and a link to the
 * official map to check it; and what homes of this kind sold for in the commune that year.
 * Worked out when the listing was published; a layer past its validity is no longer shown.
 */
export function LandFacts({ land }: { land: LandView }) {
  const { t, lang } = useI18n();
  const today = utcDay(new Date());
  const facts = land.facts.filter((fact) => landStillValid(fact.source.validTo, today));
  const prices = land.prices && landStillValid(land.prices.source.validTo, today) ? land.prices : null;
  const date = (day: string) => new Intl.DateTimeFormat(`${lang}-BE`, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  return (
    <section aria-labelledby="land-title" className="land">
      <h2 id="land-title">{t('LAND_TITLE')}</h2>
      {facts.length === 0 && !prices ? <p>{t('LAND_EXPIRED')}</p> : null}
      {facts.length > 0 ? (
        <dl className="land__facts">
          {facts.map((fact) => (
            <Fact key={fact.topic} fact={fact} date={date} />
          ))}
        </dl>
      ) : null}
      {prices ? <Prices prices={prices} date={date} /> : null}
      {land.approximate ? <p className="land__note">{t('LAND_APPROXIMATE')}</p> : null}
      <p className="land__note">{t('LAND_PRIVATE')}</p>
    </section>
  );
}

function Fact({ fact, date }: { fact: LandFactView; date: (day: string) => string }) {
  const { t } = useI18n();
  const words = landWords(fact);
  if (!words) return null;
  const crm = crmWords(fact);
  const label = 'key' in words.label ? t(words.label.key, { cls: fact.cls }) : words.label.text;
  return (
    <div className={`land__fact${grave(fact) ? ' land__fact--warn' : ''}`}>
      <dt>{t(LAND_TOPIC_KEYS[fact.topic])}</dt>
      <dd>
        <strong>{label}</strong> {t(words.meaning)}
        {fact.filled ? <span className="land__law"> {t('LAND_FILLED')}</span> : null}
        {crm ? <span className="land__law"> {t('LAND_CRM_SAYS', { value: 'key' in crm ? t(crm.key) : crm.text })}</span> : null}
        <Source source={fact.source} date={date} map={fact.topic !== 'radon'} />
      </dd>
    </div>
  );
}

function Prices({ prices, date }: { prices: LandPriceView; date: (day: string) => string }) {
  const { t } = useI18n();
  const kind = t(`LAND_KIND_${prices.kind.toUpperCase()}`);
  return (
    <div className="land__prices">
      <h3>{t('LAND_PRICES_TITLE')}</h3>
      {prices.median !== null ? (
        <p>
          {t(prices.area === 'sector' ? 'LAND_MEDIAN_SECTOR' : 'LAND_MEDIAN_COMMUNE', { kind, place: prices.areaName, year: prices.year, price: formatEuro(prices.median) })}
          {prices.transactions !== null ? ` ${t('LAND_DEEDS', { count: prices.transactions })}` : null}
        </p>
      ) : null}
      {prices.perSquareMetre !== null ? <p>{t('LAND_PER_M2_COMMUNE', { kind, place: prices.areaName, year: prices.year, price: formatEuro(prices.perSquareMetre) })}</p> : null}
      {prices.askingPerSquareMetre !== null ? <p>{t('LAND_ASKING_PER_M2', { price: formatEuro(prices.askingPerSquareMetre) })}</p> : null}
      <Source source={prices.source} date={date} />
    </div>
  );
}

/** A fact a buyer should weigh: a flood class from medium up, a flood-sensitive score, loud noise, a radon-prone commune. */
function grave(fact: LandFactView): boolean {
  return ['medium', 'high', 'runoff', 'C', 'D', '65-69', '70-74', '75+', '2a', '2b', '3'].includes(fact.cls);
}

/** Where a fact comes from; `map`: the publisher's viewer is a map to check the place on, else its page. */
function Source({ source, date, map = false }: { source: LandSourceView; date: (day: string) => string; map?: boolean }) {
  const { t } = useI18n();
  return (
    <small className="land__source">
      {t('LAND_SOURCE', { publisher: source.publisher, title: source.title, date: date(source.date), licence: source.licence })}{' '}
      {source.viewer ? (
        <a href={source.viewer} target="_blank" rel="noopener noreferrer">
          {t(map ? 'LAND_VIEWER' : 'LAND_PUBLISHER_PAGE')}
          <span className="visually-hidden"> {t('OPENS_IN_NEW_TAB')}</span>
        </a>
      ) : null}
    </small>
  );
}
