import { useEffect, useRef, type ChangeEvent, type FormEvent } from 'react';
import { useRouter, useRouterState } from '@tanstack/react-router';
import type { PropertyPageView } from '../../domain/page-data.ts';
import { MAX_LOAN, buyingCosts, costQueryOf, registrationEntryOn, type CostQuery } from '../../domain/rules/buying-costs.ts';
import { formatEuro } from '../../domain/rules/price.ts';
import { utcDay } from '../../domain/rules/gone.ts';
import { writeSearch } from '../../domain/search.ts';
import { earlyChoiceIn } from '../lib/early-choice.ts';
import { useI18n } from '../i18n/i18n.tsx';

const percent = (rate: number) => (rate * 100).toLocaleString('nl-BE', { maximumFractionDigits: 2 });
const day = (iso: string) => iso.split('-').reverse().join('/');

/** Adds years to an ISO day, for a deadline counted from a deed signed that day. */
function yearsAfter(iso: string, years: number): string {
  const [y = 0, m = 1, d = 1] = iso.split('-').map(Number);
  return `${String(y + years).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * What buying this property costs beyond its price, for the buyer's situation ("my only
 * home" or "another property") and an optional loan: registration duties with the region's
 * conditions in plain words, the sale deed, the mortgage deed, a theoretical year of energy
 * and, for a Flemish E or F label, the renovation deadline. A GET form: it works without
 * JavaScript and its URL can be shared (?buyer=other&loan=250000#costs); with JavaScript a
 * change updates the figures and the URL at once.
 */
export function BuyingCosts({ costs, renovationYears }: { costs: NonNullable<PropertyPageView['costs']>; renovationYears: number | null }) {
  const { t } = useI18n();
  const router = useRouter();
  const location = useRouterState({ select: (s) => s.location });
  const formRef = useRef<HTMLFormElement>(null);
  const query = costQueryOf(location.search as Record<string, unknown>);
  const today = utcDay(new Date());
  const entry = registrationEntryOn(costs.rates.registration, costs.region, today);
  const result = buyingCosts({ price: costs.price, region: costs.region, buyer: query.buyer, loan: query.loan, on: today, energyScore: costs.energyScore, livingArea: costs.livingArea }, costs.rates);
  // A choice made before this island's code arrived is in the form but was never heard: apply it once hydrated.
  useEffect(() => {
    const form = formRef.current;
    if (form && earlyChoiceIn(form)) apply(form);
    // Once, on hydration: later changes go through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!entry || !result) return null;
  const belgian = costs.region !== 'luxembourg';

  const apply = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const next: CostQuery = costQueryOf({ buyer: data.get('buyer'), loan: data.get('loan') });
    const qs = writeSearch({ buyer: next.buyer === 'own-home' ? undefined : next.buyer, loan: next.loan ?? undefined });
    void router.navigate({ href: `${location.pathname}${qs ? `?${qs}` : ''}#costs`, replace: true, resetScroll: false });
  };
  const onChange = (e: ChangeEvent<HTMLFormElement>) => {
    if (e.target instanceof HTMLInputElement && e.target.type === 'radio') apply(e.currentTarget);
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    apply(e.currentTarget);
    // The figures are done: the form lets go of the focus, so a phone's contact bar comes back at once.
    if (e.nativeEvent instanceof SubmitEvent && e.nativeEvent.submitter instanceof HTMLElement) e.nativeEvent.submitter.blur();
  };

  // The rate's line shows what the rate gives; a credit is its own line, so the lines add up to the total.
  const rows: [string, string][] = [[t('COST_REGISTRATION', { rate: percent(result.registration.rate) }), formatEuro(result.registration.gross)]];
  if (result.registration.exempted > 0) rows.push([t('COST_EXEMPTED'), formatEuro(result.registration.exempted)]);
  if (result.registration.credit > 0) rows.push([t('COST_CREDIT'), `− ${formatEuro(result.registration.credit)}`]);
  if (belgian) rows.push([t('COST_NOTARY_SALE'), formatEuro(result.notary.total)]);
  if (result.mortgage) rows.push([t('COST_MORTGAGE'), formatEuro(result.mortgage.total)]);
  return (
    <section className="panel costs" id="costs" aria-labelledby="costs-title">
      <h2 id="costs-title">{t('BUYING_COSTS')}</h2>
      <form ref={formRef} className="costs__form" method="get" action="#costs" onChange={onChange} onSubmit={onSubmit}>
        <fieldset className="costs__situation">
          <legend>{t('BUYER_SITUATION')}</legend>
          <label className="check">
            <input type="radio" name="buyer" value="own-home" defaultChecked={query.buyer === 'own-home'} />
            {t('BUYER_OWN_HOME')}
          </label>
          <label className="check">
            <input type="radio" name="buyer" value="other" defaultChecked={query.buyer === 'other'} />
            {t('BUYER_OTHER')}
          </label>
        </fieldset>
        {belgian ? (
          <div className="field">
            <label htmlFor="cost-loan">{t('LOAN_AMOUNT')}</label>
            <input id="cost-loan" name="loan" type="number" inputMode="numeric" min={0} max={MAX_LOAN} step={1} defaultValue={query.loan ?? ''} />
          </div>
        ) : null}
        <button type="submit" className="button">
          {t('CALCULATE')}
        </button>
      </form>
      <dl className="facts costs__lines" aria-live="polite">
        {rows.map(([label, value]) => (
          <div key={label} className="facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="facts__row costs__total">
          <dt>{t('COST_TOTAL')}</dt>
          <dd>{formatEuro(result.total)}</dd>
        </div>
        {result.energyPerYear !== null ? (
          <div className="facts__row">
            <dt>{t('COST_ENERGY')}</dt>
            <dd>{formatEuro(result.energyPerYear)}</dd>
          </div>
        ) : null}
      </dl>
      {belgian ? null : <p className="panel__note">{t('COST_NOTARY_NOT_ESTIMATED')}</p>}
      <p className="panel__note">{entry.conditions}</p>
      {result.energyPerYear !== null ? (
        <p className="panel__note">
          {t(belgian ? 'COST_ENERGY_NOTE' : 'COST_ENERGY_NOTE_LU', { area: costs.livingArea ?? 0, price: formatEuro(costs.rates.energy.pricePerKwh), date: day(costs.rates.energy.date) })}
        </p>
      ) : null}
      {renovationYears !== null ? <p className="panel__note">{t('COST_RENOVATION_DEADLINE', { years: renovationYears, date: day(yearsAfter(today, renovationYears)) })}</p> : null}
      <p className="panel__note">
        {t('COST_RATES_FROM', { date: day(entry.from) })}{' '}
        <a href={entry.source} target="_blank" rel="noopener noreferrer">
          {t('COST_SOURCE')}
        </a>
      </p>
      <p className="panel__note">{t('COST_DISCLAIMER')}</p>
    </section>
  );
}
