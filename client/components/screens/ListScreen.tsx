import type { Translate } from '../../../domain/i18n/translator.ts';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useRef, type ChangeEvent, type FormEvent } from 'react';
import { earlyChoiceIn } from '../../lib/early-choice.ts';
import type { PageView } from '../../../domain/bundles.ts';
import type { ListResult } from '../../../domain/page-data.ts';
import { EPC_CLASSES, FEATURES, LIST_GOALS, listHref, placesOf, SORTS, VIEWS, type ListSearch } from '../../../domain/search.ts';
import { FEATURE_LABELS, placeInWords, searchInWords } from '../../../domain/rules/search-words.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { formatEuro } from '../../../domain/rules/price.ts';
import type { Facet } from '../../../domain/page-data.ts';
import { BED_CHOICES, RENT_PRICES, SALE_PRICES } from '../../../domain/rules/list-filters.ts';
import { travelStillValid } from '../../../domain/rules/travel-words.ts';
import { utcDay } from '../../../domain/rules/gone.ts';
import { useSite } from '../useSite.ts';
import type { SiteBundle } from '../../../domain/bundles.ts';
import { navigateTo } from '../../navigation.ts';
import { AppLink } from '../AppLink.tsx';
import { PropertyCard } from '../PropertyCard.tsx';
import { Pager, TravelFilter, travelHub, ViewToggle } from './ListParts.tsx';
import { PropertyMap } from '../LazyParts.tsx';
import { FormView } from '../LazyFormView.tsx';
import { usePageData } from '../usePageData.ts';

const SORT_LABELS: Record<(typeof SORTS)[number], string> = {
  'date-desc': 'SORT_DATE',
  'price-asc': 'SORT_PRICE_ASC',
  'price-desc': 'SORT_PRICE_DESC',
  type: 'SORT_TYPE',
  city: 'SORT_CITY',
  travel: 'SORT_TRAVEL',
};

function searchFromForm(form: HTMLFormElement): ListSearch {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = String(data.get(name) ?? '').trim();
    return value === '' ? undefined : value;
  };
  const number = (name: string) => {
    const value = text(name);
    return value === undefined ? undefined : Number(value);
  };
  const sort = text('sort');
  const view = text('view');
  return {
    q: text('q'),
    type: text('type'),
    city: data.getAll('city').map(String).join(',') || undefined,
    min: number('min'),
    max: number('max'),
    beds: number('beds'),
    goal: LIST_GOALS.find((g) => g === text('goal')),
    area: number('area'),
    land: number('land'),
    epc: EPC_CLASSES.find((c) => c === text('epc')),
    near: text('near'),
    km: text('near') ? number('km') : undefined,
    ...Object.fromEntries(FEATURES.map((f) => [f, data.get(f) === '1' ? 1 : undefined])),
    noflood: data.get('noflood') === '1' ? 1 : undefined,
    hub: text('hub'),
    mins: number('mins'),
    bbox: text('bbox'),
    sort: SORTS.find((s) => s === sort),
    view: VIEWS.find((v) => v === view),
  };
}

const AREA_CHOICES = [50, 75, 100, 150, 200, 300] as const;
const LAND_CHOICES = [250, 500, 1000, 2000, 5000] as const;
const KM_CHOICES = [2, 5, 10, 20] as const;

/** A round figure as the filters write it ("1 000"), worked out once: Intl's formatting is slow in the worker and each list page asks it for every option. */
const figureWords = new Map<number, string>();
function figure(n: number): string {
  let words = figureWords.get(n);
  if (words === undefined) {
    words = n.toLocaleString('fr-BE');
    figureWords.set(n, words);
  }
  return words;
}

/** A minimum chosen among round figures (areas, a radius), "any" first. */
function NumberSelect(props: { id: string; name: string; label: string; value: number | undefined; choices: readonly number[]; unit: string; onChange: (e: ChangeEvent<HTMLSelectElement>) => void }) {
  const { t } = useI18n();
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} name={props.name} defaultValue={props.value ?? ''} onChange={props.onChange}>
        {props.name === 'km' ? null : <option value="">{t('ANY')}</option>}
        {props.choices.map((n) => (
          <option key={n} value={n}>{`${figure(n)} ${props.unit}`}</option>
        ))}
      </select>
    </div>
  );
}

function PriceSelect(props: { id: string; name: string; label: string; value: number | undefined; prices: readonly number[]; onChange: (e: ChangeEvent<HTMLSelectElement>) => void }) {
  const { t } = useI18n();
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} name={props.name} defaultValue={props.value ?? ''} onChange={props.onChange}>
        <option value="">{t('ANY')}</option>
        {props.prices.map((p) => (
          <option key={p} value={p}>
            {formatEuro(p)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The filter a visitor changed last, to give it focus back once the new list is drawn. */
let changedControl: string | null = null;

/**
 * Several places at once: towns, and a municipality whole with its towns under it (Namur
 * with Salzinnes, Bouge, Jambes…). Checkboxes in a disclosure, so a plain GET form sends
 * them all (`city=all-5000&city=ciney`). A town inside a chosen municipality is shown
 * checked and left out of the query: the municipality already has it.
 */
function PlacePicker({ places, chosen, onChange }: { places: Facet[]; chosen: string | undefined; onChange: (e: ChangeEvent<HTMLInputElement>) => void }) {
  const { t } = useI18n();
  const picked = new Set(placesOf(chosen ?? ''));
  const names = { place: (value: string) => places.find((f) => f.value === value)?.label ?? null };
  const summary = [...picked].map((value) => placeInWords(value, names, t)).filter((w) => w !== null);
  // Open after a change, so ticking several places does not close the list each time.
  const open = changedControl?.startsWith('f-city-') === true;
  return (
    <div className="field field--wide places">
      <details open={open || undefined}>
        <summary>
          <span className="places__label">{t('CITY_OR_POSTCODE')}</span>
          <span className="places__chosen">{summary.length > 0 ? summary.join(', ') : t('ALL_CITIES')}</span>
        </summary>
        <fieldset>
          <legend className="visually-hidden">{t('CITY_OR_POSTCODE')}</legend>
          <ul className="places__list">
            {places.map((f) => {
              const inChosenWhole = f.within !== undefined && picked.has(f.within);
              return (
                <li key={f.value} className={f.within ? 'places__within' : undefined}>
                  <label className="check">
                    <input id={`f-city-${f.value}`} type="checkbox" name="city" value={f.value} defaultChecked={picked.has(f.value) || inChosenWhole} disabled={inChosenWhole} onChange={onChange} />
                    {`${f.municipality ? t('CITY_ALL_SECTIONS', { name: f.label }) : f.label} (${f.count})`}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      </details>
    </div>
  );
}

/** A choice made in `form` before the screen's code came (client/lib/early-choice.ts) is applied as if heard. */
function applyEarlyChoice(form: HTMLFormElement | null, apply: (form: HTMLFormElement, control: HTMLElement) => void): void {
  const control = form ? earlyChoiceIn(form) : null;
  if (!form || !control) return;
  changedControl = control.id;
  apply(form, control);
}

function Filters({ list }: { list: ListResult }) {
  const { t } = useI18n();
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const s = list.search;
  const prices = list.goal === 'rent' || (list.goal === 'abroad' && list.search.goal === 'rent') ? RENT_PRICES : SALE_PRICES;
  // Selects apply at once; the text box applies on submit. Without JS the form is a plain GET.
  const apply = (form: HTMLFormElement) => void navigateTo(router, listHref(pathname, { ...searchFromForm(form), page: undefined }));
  // "Show N properties" (or Enter in the search box) is the phone's way out of the sheet: it
  // applies the filters and closes the sheet, even when nothing changed.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const sheet = e.currentTarget.closest<HTMLElement>('[popover]');
    apply(e.currentTarget);
    if (sheet?.matches(':popover-open')) sheet.hidePopover();
  };
  const onSelect = (e: ChangeEvent<HTMLSelectElement | HTMLInputElement>) => {
    changedControl = e.currentTarget.id;
    if (e.currentTarget.form) apply(e.currentTarget.form);
  };
  // The form is drawn anew for each search (its defaults follow the URL); a keyboard user
  // carries on from the control they just changed.
  const searchKey = JSON.stringify(s);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => applyEarlyChoice(formRef.current, apply), []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on hydration
  useLayoutEffect(() => {
    if (!changedControl) return;
    document.getElementById(changedControl)?.focus();
    changedControl = null;
  }, [searchKey]);
  return (
    <form ref={formRef} key={searchKey} className="filters" method="get" action={pathname} role="search" aria-label={t('FILTERS')} onSubmit={onSubmit}>
      <div className="field field--wide">
        <label htmlFor="f-q">{t('SEARCH_BY_REFERENCE_OR_CITY')}</label>
        <input id="f-q" name="q" type="search" defaultValue={s.q ?? ''} maxLength={80} autoComplete="off" />
      </div>
      {list.goal === 'abroad' ? (
        <div className="field">
          <label htmlFor="f-goal">{t('GOAL')}</label>
          <select id="f-goal" name="goal" defaultValue={s.goal ?? 'sale'} onChange={onSelect}>
            <option value="sale">{t('FOR_SALE')}</option>
            <option value="rent">{t('FOR_RENT')}</option>
          </select>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="f-type">{t('TYPE')}</label>
        <select id="f-type" name="type" defaultValue={s.type ?? ''} onChange={onSelect}>
          <option value="">{t('ALL_TYPES')}</option>
          {list.types.map((f) => (
            <option key={f.value} value={f.value}>{`${f.label} (${f.count})`}</option>
          ))}
        </select>
      </div>
      <PlacePicker places={list.places} chosen={s.city} onChange={onSelect} />
      <PriceSelect id="f-min" name="min" label={t('PRICE_MIN')} value={s.min} prices={prices} onChange={onSelect} />
      <PriceSelect id="f-max" name="max" label={t('PRICE_MAX')} value={s.max} prices={prices} onChange={onSelect} />
      <div className="field">
        <label htmlFor="f-beds">{t('BEDROOMS_MIN')}</label>
        <select id="f-beds" name="beds" defaultValue={s.beds ?? ''} onChange={onSelect}>
          <option value="">{t('ANY')}</option>
          {BED_CHOICES.map((n) => (
            <option key={n} value={n}>
              {t('BEDROOMS_AT_LEAST', { count: n })}
            </option>
          ))}
        </select>
      </div>
      <NumberSelect id="f-area" name="area" label={t('AREA_MIN')} value={s.area} choices={AREA_CHOICES} unit="m²" onChange={onSelect} />
      <NumberSelect id="f-land" name="land" label={t('LAND_MIN')} value={s.land} choices={LAND_CHOICES} unit="m²" onChange={onSelect} />
      <div className="field">
        <label htmlFor="f-epc">{t('EPC_LABEL')}</label>
        <select id="f-epc" name="epc" defaultValue={s.epc ?? ''} onChange={onSelect}>
          <option value="">{t('ANY')}</option>
          {EPC_CLASSES.map((c) => (
            <option key={c} value={c}>
              {t('EPC_AT_LEAST', { label: c.toUpperCase() })}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="f-near">{t('NEAR')}</label>
        <select id="f-near" name="near" defaultValue={s.near ?? ''} onChange={onSelect}>
          <option value="">{t('ANY')}</option>
          {list.places
            .filter((f) => !f.municipality)
            .map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
        </select>
      </div>
      <NumberSelect id="f-km" name="km" label={t('RADIUS')} value={s.km ?? 5} choices={KM_CHOICES} unit="km" onChange={onSelect} />
      <TravelFilter transit={useSite().transit} search={s} onChange={onSelect} />
      <fieldset className="field field--wide filters__features">
        <legend>{t('FEATURES_WITH')}</legend>
        {FEATURES.map((f) => (
          <label key={f} className="check">
            <input id={`f-${f}`} type="checkbox" name={f} value="1" defaultChecked={s[f] === 1} onChange={onSelect} />
            {t(FEATURE_LABELS[f])}
          </label>
        ))}
      </fieldset>
      {useSite().floodFilter || s.noflood ? (
        <div className="field field--wide">
          <label className="check">
            <input id="f-noflood" type="checkbox" name="noflood" value="1" defaultChecked={s.noflood === 1} onChange={onSelect} aria-describedby="f-noflood-hint" />
            {t('FLOOD_FILTER')}
          </label>
          <p id="f-noflood-hint" className="field__hint">
            {t('FLOOD_FILTER_HINT')}
          </p>
        </div>
      ) : null}
      {s.bbox ? <input type="hidden" name="bbox" value={s.bbox} /> : null}
      {s.sort ? <input type="hidden" name="sort" value={s.sort} /> : null}
      {s.view ? <input type="hidden" name="view" value={s.view} /> : null}
      <div className="filters__actions">
        <button type="submit" className="button">
          <span className="filters__apply">{t('APPLY_FILTERS')}</span>
          <span className="filters__show">{t('SHOW_PROPERTIES', { count: list.total })}</span>
        </button>
        <AppLink href={listHref(pathname, { view: s.view })} className="filters__reset">
          {t('RESET_FILTERS')}
        </AppLink>
      </div>
    </form>
  );
}

/** The sort of the list: its own small GET form, beside the result count on every screen. */
function SortForm({ list }: { list: ListResult }) {
  const { t } = useI18n();
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const s = list.search;
  // The travel sort while the timetables are valid: after, it would be the newest first under another name.
  const transit = ((site) => (site && travelStillValid(site.validTo, utcDay(new Date())) ? site : undefined))(useSite().transit);
  const kept = { ...filtersOf(s), view: s.view };
  const sortBy = (select: HTMLSelectElement) => {
    changedControl = select.id;
    const sort = SORTS.find((x) => x === select.value);
    void navigateTo(router, listHref(pathname, { ...s, sort: sort === 'date-desc' ? undefined : sort, page: undefined }));
  };
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => applyEarlyChoice(formRef.current, (_form, control) => control instanceof HTMLSelectElement && sortBy(control)), []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on hydration
  return (
    <form ref={formRef} key={JSON.stringify(s)} className="sort-form" method="get" action={pathname}>
      {Object.entries(kept).map(([name, value]) => (value === undefined || value === '' ? null : <input key={name} type="hidden" name={name} value={String(value)} />))}
      <label htmlFor="f-sort">{t('SORT_BY')}</label>
      <select id="f-sort" name="sort" defaultValue={s.sort ?? 'date-desc'} onChange={(e) => sortBy(e.currentTarget)}>
        {SORTS.filter((sort) => sort !== 'travel' || transit).map((sort) => (
          <option key={sort} value={sort}>
            {sort === 'travel' ? `${t(SORT_LABELS[sort])} (${travelHub(transit, s.hub)?.name ?? ''})` : t(SORT_LABELS[sort])}
          </option>
        ))}
      </select>
      {/* Without JavaScript the choice is sent with this button; with it, at once. */}
      <button type="submit" className="button button--small sort-form__submit">
        {t('APPLY_FILTERS')}
      </button>
    </form>
  );
}

/** What narrows a list: its filters, without its page, sort or view (the hub stays: the travel sort is to it). */
function filtersOf({ type, city, q, min, max, beds, area, land, epc, near, km, garden, parking, terrace, new: newBuild, noflood, goal, bbox, hub, mins }: ListSearch): ListSearch {
  return { type, city, q, min, max, beds, area, land, epc, near, km: near ? km : undefined, garden, parking, terrace, new: newBuild, noflood, goal, bbox, hub, mins };
}

/** The criteria an alert saves, in words: the same the filters show, so a visitor knows what they ask for. */
export function criteriaInWords(list: ListResult, t: Translate, transit?: SiteBundle['transit']): string[] {
  const label = (facets: Facet[]) => (value: string) => facets.find((f) => f.value === value)?.label ?? value;
  const hub = (value: string | undefined) => travelHub(transit, value)?.name ?? null;
  return searchInWords(list.search, { type: label(list.types), place: label(list.places), freeText: true, abroad: list.goal === 'abroad', hub }, t);
}

/** How many filters narrow the list (the sort and the view do not, nor the hub without minutes). */
function activeFilters(s: ListSearch): number {
  return Object.entries(filtersOf(s)).filter(([key, v]) => key !== 'hub' && v !== undefined && v !== '').length;
}

/**
 * A list of properties: filters, sort, view toggle, paging title and pages, all in the URL.
 * On phones the filters fold into a "Filters (n)" button that opens them as a sheet (a
 * popover, so it opens without JavaScript too), and the first card is in the first screen.
 */
export function ListScreen({ list, title }: { list: ListResult; page: PageView | null; title: string }) {
  const { t } = useI18n();
  const view = list.search.view ?? 'grid';
  const transit = useSite().transit;
  // A list narrowed or sorted by travel time shows each card's minutes to that hub.
  const travelTo = list.search.mins !== undefined || list.search.sort === 'travel' ? travelHub(transit, list.search.hub) : undefined;
  return (
    <section className="container page" aria-labelledby="list-title">
      <h1 id="list-title">{title}</h1>
      <button type="button" className="button button--ghost filters-toggle" popoverTarget="filters-sheet" aria-controls="filters-sheet">
        {t('FILTERS_COUNT', { count: activeFilters(list.search) })}
      </button>
      <div id="filters-sheet" className="filters-sheet" popover="auto">
        <div className="filters-sheet__head">
          <h2 className="filters-sheet__title">{t('FILTERS')}</h2>
          <button type="button" className="filters-sheet__close" popoverTarget="filters-sheet" popoverTargetAction="hide">
            {t('CLOSE')}
          </button>
        </div>
        <Filters list={list} />
      </div>
      <div className="list-bar">
        <p className="paging-title" role="status">
          {t('PAGING_TITLE', { page: list.page, pages: list.pages, count: list.total })}
        </p>
        <SortForm list={list} />
        <ViewToggle list={list} />
      </div>
      {list.search.bbox ? <AreaFilter list={list} /> : null}
      {/* Where a portal user looks for it: above the results (and on an empty list), folded to one line. */}
      <SaveSearch list={list} />
      {view === 'map' ? <PropertyMap mode="list" goal={list.goal} search={filtersOf(list.search)} label={`${t('VIEW_MAP')} – ${title}`} /> : null}
      {list.cards.length === 0 ? (
        <p className="empty">{t('NO_RESULTS')}</p>
      ) : (
        <div className={view === 'grid' ? 'grid grid--4' : 'rows'}>
          {list.cards.map((card, i) => (
            <PropertyCard key={card.id} card={card} eager={i < 2} headingLevel={2} travelTo={travelTo} row={view === 'list'} />
          ))}
        </div>
      )}
      <Pager list={list} />
    </section>
  );
}

/** The map's "search this area", said above the results in every view, with the way to drop it. */
function AreaFilter({ list }: { list: ListResult }) {
  const { t } = useI18n();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <p className="area-filter">
      <span>{t('MAP_AREA_ACTIVE')}</span> <AppLink href={listHref(pathname, { ...list.search, bbox: undefined, page: undefined })}>{t('MAP_AREA_REMOVE')}</AppLink>
    </p>
  );
}

/**
 * "Alert me about new properties like these": the list's filters (not its sort or page)
 * saved with an address, confirmed from a mail, and said in words before the address is
 * asked. Above the results, folded to one line, so it never pushes them far down;
 * its form is an island like every visitor form.
 */
function SaveSearch({ list }: { list: ListResult }) {
  const { t } = useI18n();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // Answered without JavaScript (errors to fix), the form comes back open.
  const posted = usePageData()?.formState?.form === 'save-search';
  const criteria = criteriaInWords(list, t, useSite().transit);
  return (
    <details className="save-search" open={posted}>
      <summary className="save-search__summary">{t('ALERT_ME')}</summary>
      <p className="save-search__criteria">{criteria.length > 0 ? t('ALERT_CRITERIA', { criteria: criteria.join(' · ') }) : t('ALERT_CRITERIA_ALL')}</p>
      <p>{t('ALERT_ME_INTRO')}</p>
      {/* The alert watches the list as the visitor sees it: its filters and the area drawn on the map. */}
      <FormView form="save-search" hidden={{ list: listHref(pathname, filtersOf(list.search)), frequency: 'instant' }} submitKey="ALERT_SUBMIT" />
    </details>
  );
}
