/**
 * The owner pages: login, forgot password, new password and the portal. Every form is a
 * plain POST (or GET for the property chooser) the worker answers with a redirect or
 * the page again, so all of it works without JavaScript.
 */
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { FormState, OwnerHistoryRow, OwnerPortalView, OwnerPropertyView } from '../../../domain/page-data.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import type { Translate } from '../../../domain/i18n/translator.ts';
import { loginPathOf, ownerPath } from '../../../domain/rules/owner-paths.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../domain/rules/password-rules.ts';
import { barChart } from '../../../domain/rules/chart.ts';
import { formatNumber } from '../../../domain/rules/price.ts';
import { AppLink } from '../AppLink.tsx';
import { usePageData } from '../usePageData.ts';

function useOwnerPaths() {
  const { lang } = useI18n();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const login = loginPathOf(pathname, lang);
  return { login, forgot: ownerPath(login, lang, 'forgot'), reset: ownerPath(login, lang, 'reset'), portal: ownerPath(login, lang, 'portal'), logout: ownerPath(login, lang, 'logout') };
}

function usePosted(form: string): FormState | null {
  const page = usePageData();
  return page?.formState?.form === form ? page.formState : null;
}

/** A message about the whole form (login failed, too many attempts), announced when the page loads. */
function FormAlert({ state, fieldLabels }: { state: FormState | null; fieldLabels: Record<string, string> }) {
  const { t } = useI18n();
  if (!state || state.errors.length === 0) return null;
  const general = state.errors.find((e) => e.field === '');
  if (general) {
    const minutes = Number(state.values.minutes ?? 15);
    const text = general.key === 'LOGIN_LOCKED' ? t('LOGIN_LOCKED', { minutes }) : t(general.key);
    return (
      <div className="error-summary" role="alert">
        <p>{general.key === 'FORBIDDEN' ? t('FORM_ERRORS_TITLE') : t('LOGIN_FAILED_TITLE')}</p>
        <p className="error-summary__text">{text}</p>
      </div>
    );
  }
  return (
    <div className="error-summary" role="alert">
      <p>{t('CHECK_RED_FIELDS')}</p>
      <ul>
        {state.errors.map((e) => (
          <li key={e.field}>
            <a href={`#owner-${e.field}`}>{fieldMessage(t, e.key, fieldLabels[e.field] ?? e.field)}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function fieldMessage(t: Translate, key: string, label: string): string {
  if (key === 'REQUIRED_FIELD') return t('REQUIRED_FIELD', { field: label });
  if (key === 'PASSWORD_TOO_SHORT') return t('PASSWORD_TOO_SHORT', { min: PASSWORD_MIN_LENGTH });
  if (key === 'PASSWORD_TOO_LONG') return t('PASSWORD_TOO_LONG', { max: PASSWORD_MAX_LENGTH });
  return t(key);
}

function Field({ name, label, type, autoComplete, state, value, hint }: { name: string; label: string; type: string; autoComplete: string; state: FormState | null; value?: string; hint?: string }) {
  const { t } = useI18n();
  const error = state?.errors.find((e) => e.field === name);
  const id = `owner-${name}`;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field field--wide${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required="true"
        maxLength={type === 'password' ? PASSWORD_MAX_LENGTH : 200}
      />
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {fieldMessage(t, error.key, label)}
        </p>
      ) : null}
    </div>
  );
}

/** Username or e-mail plus password. */
export function LoginScreen() {
  const { t } = useI18n();
  const paths = useOwnerPaths();
  const state = usePosted('owner-login');
  const typed = state?.values.username;
  return (
    <section className="container page owner-auth">
      <h1>{t('OWNER_LOGIN')}</h1>
      <FormAlert state={state} fieldLabels={{ username: t('USERNAME_OR_EMAIL'), password: t('PASSWORD') }} />
      <form method="post" action={paths.login} className="owner-form" noValidate>
        <Field name="username" label={t('USERNAME_OR_EMAIL')} type="text" autoComplete="username" state={state} value={typeof typed === 'string' ? typed : ''} />
        <Field name="password" label={t('PASSWORD')} type="password" autoComplete="current-password" state={state} />
        <button type="submit" className="button button--accent">
          {t('LOG_IN')}
        </button>
      </form>
      <p>
        <AppLink href={paths.forgot}>{t('FORGOT_PASSWORD')}</AppLink>
      </p>
    </section>
  );
}

/** Asks for a reset link; the answer is the same whether the account exists or not. */
export function ForgotScreen({ sent }: { sent: boolean }) {
  const { t } = useI18n();
  const paths = useOwnerPaths();
  const state = usePosted('owner-forgot');
  return (
    <section className="container page owner-auth">
      <h1>{t('FORGOT_PASSWORD')}</h1>
      {sent ? (
        <p className="form-done" role="status">
          {t('PASSWORD_SENT')}
        </p>
      ) : (
        <>
          <p>{t('FORGOT_PASSWORD_TEXT')}</p>
          <FormAlert state={state} fieldLabels={{ username: t('USERNAME_OR_EMAIL') }} />
          <form method="post" action={paths.forgot} className="owner-form" noValidate>
            <Field name="username" label={t('USERNAME_OR_EMAIL')} type="text" autoComplete="username" state={state} />
            <button type="submit" className="button button--accent">
              {t('SEND_RESET_LINK')}
            </button>
          </form>
        </>
      )}
      <p>
        <AppLink href={paths.login}>{t('BACK_TO_LOGIN')}</AppLink>
      </p>
    </section>
  );
}

/**
 * The reset link's token travels in the URL fragment (never sent to a server, never in a
 * Referer): this takes it into the form and removes it from the address bar and history.
 */
function useTokenFromFragment(initial: string): string {
  const [token, setToken] = useState(initial);
  useEffect(() => {
    const match = /(?:^#|&)token=([A-Za-z0-9_-]{43})(?:&|$)/.exec(window.location.hash);
    if (!match?.[1]) return;
    setToken(match[1]);
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }, []);
  return token;
}

/** The page a reset link opens: a new password, twice. Without JavaScript the owner pastes the code the mail also gives. */
export function ResetScreen({ token: posted, valid }: { token: string; valid: boolean }) {
  const { t } = useI18n();
  const paths = useOwnerPaths();
  const state = usePosted('owner-reset');
  const token = useTokenFromFragment(posted);
  if (!valid) {
    return (
      <section className="container page owner-auth">
        <h1>{t('LINK_INVALID_TITLE')}</h1>
        <p className="lead">{t('RESET_LINK_INVALID')}</p>
        <p>
          <AppLink href={paths.forgot} className="button">
            {t('FORGOT_PASSWORD')}
          </AppLink>
        </p>
      </section>
    );
  }
  return (
    <section className="container page owner-auth">
      <h1>{t('RESET_PASSWORD')}</h1>
      <FormAlert state={state} fieldLabels={{ password: t('NEW_PASSWORD'), confirm: t('CONFIRM_PASSWORD') }} />
      <form method="post" action={paths.reset} className="owner-form" noValidate>
        {token ? <input type="hidden" name="token" value={token} /> : <Field name="token" label={t('RESET_CODE')} type="text" autoComplete="one-time-code" state={state} />}
        <Field name="password" label={t('NEW_PASSWORD')} type="password" autoComplete="new-password" state={state} hint={t('PASSWORD_RULE', { min: PASSWORD_MIN_LENGTH })} />
        <Field name="confirm" label={t('CONFIRM_PASSWORD')} type="password" autoComplete="new-password" state={state} />
        <button type="submit" className="button button--accent">
          {t('SAVE_PASSWORD')}
        </button>
      </form>
    </section>
  );
}

function useFormats() {
  const { lang } = useI18n();
  const date = new Intl.DateTimeFormat(`${lang}-BE`, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const short = new Intl.DateTimeFormat(`${lang}-BE`, { day: 'numeric', month: 'numeric', timeZone: 'UTC' });
  const day = (d: string) => new Date(`${d}T00:00:00Z`);
  return {
    date: (d: string) => date.format(day(d)),
    short: (d: string) => short.format(day(d)),
    month: (m: string) => new Intl.DateTimeFormat(`${lang}-BE`, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(day(`${m}-01`)),
  };
}

function propertyName(t: Translate, p: OwnerPropertyView): string {
  const name = [p.title, p.city].filter(Boolean).join(' – ');
  return name || t('PROPERTY_NUMBER', { id: p.id });
}

/** The owner's statistics: a property (or all), visits, 30 days, history, online media. */
export function PortalScreen({ portal }: { portal: OwnerPortalView }) {
  const { t } = useI18n();
  const paths = useOwnerPaths();
  const selected = portal.properties.find((p) => p.id === portal.selected) ?? null;
  const heading = selected ? propertyName(t, selected) : t('ALL_PROPERTIES');
  return (
    <section className="container page owner-portal">
      <div className="owner-portal__head">
        <div>
          <h1>{t('OWNER_PORTAL')}</h1>
          <p className="lead">{t('WELCOME_OWNER', { name: portal.ownerName })}</p>
        </div>
        <form method="post" action={paths.logout}>
          <button type="submit" className="button button--ghost">
            {t('LOG_OUT')}
          </button>
        </form>
      </div>
      {portal.noticeKey ? (
        <p className="form-done" role="status">
          {t(portal.noticeKey)}
        </p>
      ) : null}
      {portal.properties.length === 0 ? (
        <p>{t('NO_OWNER_PROPERTIES')}</p>
      ) : (
        <>
          <form method="get" action={paths.portal} className="owner-chooser">
            <label htmlFor="owner-property">{t('SELECT_PROPERTY')}</label>
            <select id="owner-property" name="property" defaultValue={portal.selected ?? ''}>
              <option value="">{t('SHOW_ALL_PROPERTIES')}</option>
              {portal.properties.map((p) => (
                <option key={p.id} value={p.id}>
                  {propertyName(t, p)}
                  {p.reference ? ` (${p.reference})` : ''}
                </option>
              ))}
            </select>
            <button type="submit" className="button">
              {t('SHOW')}
            </button>
          </form>
          <h2 className="owner-portal__title">
            {heading}
            {selected?.path ? (
              <>
                {' '}
                <AppLink href={selected.path} className="owner-portal__public">
                  {t('VIEW_PUBLIC_PAGE')}
                </AppLink>
              </>
            ) : null}
          </h2>
          <Visits portal={portal} />
          {portal.selected === null ? <PropertiesTable portal={portal} loginPath={paths.login} /> : null}
          <History rows={portal.history} portal={portal} />
          <Media portal={portal} />
          {portal.selected !== null ? (
            <p>
              <AppLink href={paths.portal}>{t('SHOW_ALL_PROPERTIES')}</AppLink>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function Visits({ portal }: { portal: OwnerPortalView }) {
  const { t } = useI18n();
  const tiles: [string, number][] = [
    [t('VISITS_TODAY'), portal.visits.today],
    [t('VISITS_WEEK'), portal.visits.week],
    [t('VISITS_MONTH'), portal.visits.month],
    [t('VISITS_TOTAL'), portal.visits.total],
  ];
  return (
    <section aria-labelledby="owner-visits" className="owner-section">
      <h3 id="owner-visits">{t('PAGE_VISITS')}</h3>
      <dl className="owner-tiles">
        {tiles.map(([label, value]) => (
          <div key={label} className="owner-tile">
            <dt>{label}</dt>
            <dd>{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      <VisitsChart daily={portal.daily} />
      {portal.byLang.length > 0 ? (
        <div className="table-scroll" tabIndex={0}>
          <table className="units owner-table owner-table--narrow">
            <caption>{t('VISITS_BY_LANGUAGE')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('LANGUAGE')}</th>
                <th scope="col" className="num">
                  {t('VISITS')}
                </th>
              </tr>
            </thead>
            <tbody>
              {portal.byLang.map((row) => (
                <tr key={row.lang}>
                  <td>{languageName(t, row.lang)}</td>
                  <td className="num">{formatNumber(row.visits)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function languageName(t: Translate, lang: string): string {
  switch (lang) {
    case 'nl':
      return t('LANGUAGE_NAME_NL');
    case 'fr':
      return t('LANGUAGE_NAME_FR');
    case 'en':
      return t('LANGUAGE_NAME_EN');
    case 'de':
      return t('LANGUAGE_NAME_DE');
    default:
      return lang;
  }
}

/**
 * SVG bars drawn on the server (the SVG stretches to any width; its labels are HTML so
 * they keep their size), with a summary and the same figures as a table.
 */
function VisitsChart({ daily }: { daily: OwnerPortalView['daily'] }) {
  const { t } = useI18n();
  const f = useFormats();
  const chart = barChart(
    daily.map((d) => d.visits),
    300,
    100,
    0,
    0,
  );
  const total = daily.reduce((n, d) => n + d.visits, 0);
  const peak = daily.reduce<{ day: string; visits: number } | null>((best, d) => (best === null || d.visits > best.visits ? d : best), null);
  const summary = t('CHART_SUMMARY', { total: formatNumber(total), max: formatNumber(peak?.visits ?? 0), day: peak ? f.date(peak.day) : '' });
  const pct = (value: number, of: number) => `${Math.round((value / of) * 10000) / 100}%`;
  return (
    <figure className="owner-chart">
      <figcaption id="owner-chart-title">{t('VISITS_LAST_30_DAYS')}</figcaption>
      <div className="owner-chart__plot">
        <div className="owner-chart__y" aria-hidden="true">
          {chart.ticks.map((tick) => (
            <span key={tick.value} style={{ top: pct(tick.y, chart.height) }}>
              {tick.value}
            </span>
          ))}
        </div>
        <svg viewBox={`0 0 ${chart.width} ${chart.height}`} preserveAspectRatio="none" role="img" aria-labelledby="owner-chart-title owner-chart-desc">
          <desc id="owner-chart-desc">{summary}</desc>
          {chart.ticks.map((tick) => (
            <line key={tick.value} x1={0} x2={chart.width} y1={tick.y} y2={tick.y} className="owner-chart__grid" />
          ))}
          {chart.bars.map((bar, i) => (
            <rect key={daily[i]?.day ?? i} x={bar.x} y={bar.y} width={bar.width} height={bar.height} className="owner-chart__bar">
              <title>{`${daily[i] ? f.date(daily[i].day) : ''}: ${bar.value}`}</title>
            </rect>
          ))}
        </svg>
        <div className="owner-chart__x" aria-hidden="true">
          {daily.map((d, i) => {
            const bar = chart.bars[i];
            // A label a week, and the last day flush right so it never runs off the chart.
            if (!bar) return null;
            if (i === daily.length - 1)
              return (
                <span key={d.day} className="owner-chart__last">
                  {f.short(d.day)}
                </span>
              );
            return i % 7 === 0 && i < daily.length - 4 ? (
              <span key={d.day} style={{ left: pct(bar.x + bar.width / 2, chart.width) }}>
                {f.short(d.day)}
              </span>
            ) : null;
          })}
        </div>
      </div>
      <p className="owner-chart__summary">{summary}</p>
      <details className="owner-chart__table">
        <summary>{t('SHOW_AS_TABLE')}</summary>
        <table className="units owner-table owner-table--narrow">
          <caption className="visually-hidden">{t('VISITS_LAST_30_DAYS')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('HISTORY_DATE')}</th>
              <th scope="col" className="num">
                {t('VISITS')}
              </th>
            </tr>
          </thead>
          <tbody>
            {daily.map((d) => (
              <tr key={d.day}>
                <td>{f.date(d.day)}</td>
                <td className="num">{d.visits}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function PropertiesTable({ portal, loginPath }: { portal: OwnerPortalView; loginPath: string }) {
  const { t, lang } = useI18n();
  return (
    <section aria-labelledby="owner-properties" className="owner-section">
      <h3 id="owner-properties">{t('MY_PROPERTIES')}</h3>
      <div className="table-scroll" tabIndex={0}>
        <table className="units owner-table">
          <thead>
            <tr>
              <th scope="col">{t('PROPERTY')}</th>
              <th scope="col" className="num">
                {t('VISITS_TODAY')}
              </th>
              <th scope="col" className="num">
                {t('VISITS_WEEK')}
              </th>
              <th scope="col" className="num">
                {t('VISITS_MONTH')}
              </th>
              <th scope="col" className="num">
                {t('VISITS_TOTAL')}
              </th>
            </tr>
          </thead>
          <tbody>
            {portal.properties.map((p) => (
              <tr key={p.id}>
                <th scope="row">
                  <AppLink href={ownerPath(loginPath, lang, 'portal', p.id)}>{propertyName(t, p)}</AppLink>
                  {p.reference ? <span className="owner-ref"> {p.reference}</span> : null}
                </th>
                <td className="num">{formatNumber(p.visits.today)}</td>
                <td className="num">{formatNumber(p.visits.week)}</td>
                <td className="num">{formatNumber(p.visits.month)}</td>
                <td className="num">{formatNumber(p.visits.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function historyType(t: Translate, code: string): string {
  switch (code) {
    case 'visit':
      return t('HISTORY_TYPE_VISIT');
    case 'call':
      return t('HISTORY_TYPE_CALL');
    case 'email':
      return t('HISTORY_TYPE_EMAIL');
    case 'offer':
      return t('HISTORY_TYPE_OFFER');
    case 'info':
      return t('HISTORY_TYPE_INFO');
    case 'report':
      return t('HISTORY_TYPE_REPORT');
    default:
      return code;
  }
}

function historyStatus(t: Translate, code: string): string {
  switch (code) {
    case 'done':
      return t('HISTORY_STATUS_DONE');
    case 'planned':
      return t('HISTORY_STATUS_PLANNED');
    case 'cancelled':
      return t('HISTORY_STATUS_CANCELLED');
    case 'follow-up':
      return t('HISTORY_STATUS_FOLLOW_UP');
    default:
      return code;
  }
}

function historySource(t: Translate, code: string): string {
  switch (code) {
    case 'website':
      return t('HISTORY_SOURCE_WEBSITE');
    case 'phone':
      return t('HISTORY_SOURCE_PHONE');
    case 'office':
      return t('HISTORY_SOURCE_OFFICE');
    case 'email':
      return t('HISTORY_SOURCE_EMAIL');
    default:
      // Portals and networks are names: Immoweb, Zimmo, Facebook…
      return code;
  }
}

/** The newest rows show at once; older ones wait behind a disclosure, so the page stays short. */
const HISTORY_SHOWN = 12;

function History({ rows, portal }: { rows: OwnerHistoryRow[]; portal: OwnerPortalView }) {
  const { t } = useI18n();
  const older = rows.slice(HISTORY_SHOWN);
  return (
    <section aria-labelledby="owner-history" className="owner-section">
      <h3 id="owner-history">{t('HISTORY')}</h3>
      {rows.length === 0 ? (
        <p>{t('NO_HISTORY')}</p>
      ) : (
        <>
          <HistoryTable rows={rows.slice(0, HISTORY_SHOWN)} portal={portal} />
          {older.length > 0 ? (
            <details className="owner-more">
              <summary>{t('HISTORY_OLDER', { count: older.length })}</summary>
              <HistoryTable rows={older} portal={portal} />
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}

function HistoryTable({ rows, portal }: { rows: OwnerHistoryRow[]; portal: OwnerPortalView }) {
  const { t } = useI18n();
  const f = useFormats();
  const all = portal.selected === null;
  const names = new Map(portal.properties.map((p) => [p.id, propertyName(t, p)]));
  return (
    <div className="table-scroll" tabIndex={0}>
      <table className="units owner-table owner-history">
        <thead>
          <tr>
            <th scope="col">{t('HISTORY_DATE')}</th>
            {all ? <th scope="col">{t('PROPERTY')}</th> : null}
            <th scope="col">{t('HISTORY_TYPE')}</th>
            <th scope="col">{t('HISTORY_CONTACT')}</th>
            <th scope="col">{t('HISTORY_SUBJECT')}</th>
            <th scope="col">{t('HISTORY_COMMENT')}</th>
            <th scope="col">{t('HISTORY_STATUS')}</th>
            <th scope="col">{t('HISTORY_SOURCE')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={`${r.date}-${r.propertyId}-${i}`}>
              <td className="nowrap">{f.date(r.date)}</td>
              {all ? <td>{names.get(r.propertyId) ?? r.propertyId}</td> : null}
              <td>{historyType(t, r.type)}</td>
              <td>{r.contact}</td>
              <td>{r.subject}</td>
              <td>{r.comment}</td>
              <td>{historyStatus(t, r.status)}</td>
              <td>{historySource(t, r.source)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Media({ portal }: { portal: OwnerPortalView }) {
  const { t } = useI18n();
  const f = useFormats();
  return (
    <section aria-labelledby="owner-media" className="owner-section">
      <h3 id="owner-media">{t('ONLINE_MEDIA')}</h3>
      {portal.media.length === 0 ? (
        <p>{t('NO_MEDIA_STATISTICS')}</p>
      ) : (
        <div className="table-scroll" tabIndex={0}>
          <table className="units owner-table">
            {portal.mediaSince ? <caption>{t('MEDIA_SINCE', { month: f.month(portal.mediaSince) })}</caption> : null}
            <thead>
              <tr>
                <th scope="col">{t('MEDIUM')}</th>
                <th scope="col" className="num">
                  {t('MEDIA_VIEWS')}
                </th>
                <th scope="col" className="num">
                  {t('MEDIA_CLICKS')}
                </th>
                <th scope="col" className="num">
                  {t('MEDIA_CONTACTS')}
                </th>
              </tr>
            </thead>
            <tbody>
              {portal.media.map((m) => (
                <tr key={m.medium}>
                  <th scope="row">{m.medium}</th>
                  <td className="num">{formatNumber(m.views)}</td>
                  <td className="num">{formatNumber(m.clicks)}</td>
                  <td className="num">{formatNumber(m.contacts)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
