import type { PrivacyHeld, PrivacyView } from '../../../domain/page-data.ts';
import { formFields, type FormName } from '../../../domain/forms/schemas.ts';
import type { Translate } from '../../../domain/i18n/translator.ts';
import { useI18n } from '../../i18n/i18n.tsx';

/**
 * A visitor's rights over their data, without an account: the address asked, the answer
 * that says the same for everyone, the mailed link's button, then what is held with its
 * download, the end of every subscription and "erase everything". Plain POST forms: it works
 * without JavaScript, and its secret travels in the forms, never in an address bar.
 */
export function PrivacyScreen({ privacy }: { privacy: PrivacyView }) {
  const { t } = useI18n();
  return (
    <section className="container page narrow privacy">
      <h1>{t('PRIVACY_RIGHTS_TITLE')}</h1>
      {privacy.notice ? (
        <p className="form-done" role="status">
          {t(privacy.notice)}
        </p>
      ) : null}
      <Step privacy={privacy} />
    </section>
  );
}

function Step({ privacy }: { privacy: PrivacyView }) {
  const { t, lang } = useI18n();
  switch (privacy.step) {
    case 'ask':
      return (
        <>
          <p className="lead">{t('PRIVACY_RIGHTS_INTRO')}</p>
          <form method="post" action={privacy.path} className="privacy__ask">
            <input type="hidden" name="lang" value={lang} />
            <div className="field">
              <label htmlFor="privacy-email">{t('EMAIL_ADDRESS')}</label>
              <input id="privacy-email" name="email" type="email" required autoComplete="email" maxLength={200} />
            </div>
            <button type="submit" className="button button--accent">
              {t('PRIVACY_SEND_LINK')}
            </button>
          </form>
        </>
      );
    case 'asked':
      return (
        <p className="lead" role="status">
          {t('PRIVACY_LINK_SENT')}
        </p>
      );
    case 'expired':
      return (
        <p className="lead" role="status">
          {t('PRIVACY_LINK_EXPIRED')} <a href={privacy.path}>{t('PRIVACY_ASK_AGAIN')}</a>
        </p>
      );
    case 'open':
      return (
        <form method="post" action={`${privacy.path}open/${privacy.token ?? ''}/`}>
          <p className="lead">{t('PRIVACY_OPEN_TEXT')}</p>
          <button type="submit" className="button button--accent">
            {t('PRIVACY_OPEN_BUTTON')}
          </button>
        </form>
      );
    case 'erased':
      return (
        <>
          <p className="lead" role="status">
            {t('PRIVACY_ERASED')}
          </p>
          <p>{t('PRIVACY_KEPT_BY_LAW')}</p>
          {privacy.crmToldToAgency ? <p>{t('PRIVACY_CRM_TOLD')}</p> : null}
        </>
      );
    case 'held':
      return privacy.held ? <Held held={privacy.held} path={privacy.path} token={privacy.token ?? ''} /> : null;
    case 'confirm-erase':
      return <ConfirmErase held={privacy.held} path={privacy.path} token={privacy.token ?? ''} />;
    default: {
      const unknown: never = privacy.step;
      return unknown;
    }
  }
}

/** A request's values as its form asked them: each by its label, a choice by its words. */
function fieldsInWords(t: Translate, form: string, fields: Record<string, unknown>): string {
  const specs = formFields(form as FormName) ?? [];
  return Object.entries(fields)
    .filter(([, value]) => value !== '' && value !== undefined && value !== null)
    .map(([name, value]) => {
      const spec = specs.find((f) => f.name === name);
      const words = (Array.isArray(value) ? value : [value]).map((v) => {
        const option = spec?.options?.find((o) => o.value === String(v));
        return option ? t(option.labelKey) : String(v);
      });
      return `${spec ? t(spec.summaryKey ?? spec.labelKey) : name}: ${words.join(', ')}`;
    })
    .join(' · ');
}

function Action({ path, token, action, label, accent = false }: { path: string; token: string; action: string; label: string; accent?: boolean }) {
  return (
    <form method="post" action={`${path}held/`} className="privacy__action">
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="action" value={action} />
      <button type="submit" className={accent ? 'button button--accent' : 'button'}>
        {label}
      </button>
    </form>
  );
}

/** The second step of "erase everything": what will go, that it cannot be undone, and the way back. */
function ConfirmErase({ held, path, token }: { held: PrivacyHeld | undefined; path: string; token: string }) {
  const { t } = useI18n();
  const counts = held
    ? [
        t('PRIVACY_COUNT_REQUESTS', { count: held.requests.length }),
        t('PRIVACY_COUNT_BOOKINGS', { count: held.bookings.length }),
        t('PRIVACY_COUNT_SUBSCRIPTIONS', { count: held.alerts.length + (held.newsletter ? 1 : 0) }),
        t('PRIVACY_COUNT_MAILS', { count: held.mails.length }),
      ]
    : [];
  return (
    <section className="privacy__confirm" aria-labelledby="privacy-confirm-erase">
      <h2 id="privacy-confirm-erase">{t('PRIVACY_ERASE_CONFIRM_TITLE')}</h2>
      <p className="lead">{t('PRIVACY_ERASE_CONFIRM_TEXT')}</p>
      {counts.length > 0 ? (
        <ul>
          {counts.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <div className="privacy__actions">
        <Action path={path} token={token} action="erase-confirmed" label={t('PRIVACY_ERASE_CONFIRM')} accent />
        <Action path={path} token={token} action="show" label={t('PRIVACY_ERASE_CANCEL')} />
      </div>
    </section>
  );
}

function Held({ held, path, token }: { held: PrivacyHeld; path: string; token: string }) {
  const { t, lang } = useI18n();
  const format = new Intl.DateTimeFormat(`${lang}-BE`, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Brussels' });
  const day = (iso: string) => format.format(new Date(iso));
  const section = (titleKey: string, items: string[]) => (
    <section className="privacy__section" aria-labelledby={`privacy-${titleKey}`}>
      <h2 id={`privacy-${titleKey}`}>{t(titleKey)}</h2>
      {items.length === 0 ? (
        <p>{t('PRIVACY_NOTHING')}</p>
      ) : (
        <ul>
          {items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      )}
    </section>
  );
  return (
    <>
      <p className="lead">{t('PRIVACY_HELD_INTRO', { email: held.email })}</p>
      {section(
        'PRIVACY_HELD_REQUESTS',
        held.requests.map((r) =>
          [
            `${t(`FORM_${r.form.toUpperCase().replace(/-/g, '_')}`)} – ${day(r.receivedAt)}`,
            fieldsInWords(t, r.form, r.fields),
            r.files > 0 ? t('PRIVACY_FILES', { count: r.files }) : '',
            r.sentToCrm ? t('PRIVACY_SENT_TO_CRM') : '',
          ]
            .filter(Boolean)
            .join(' — '),
        ),
      )}
      {section(
        'PRIVACY_HELD_BOOKINGS',
        held.bookings.map((b) => `${day(b.startsAt)} – ${b.status}`),
      )}
      {section('PRIVACY_HELD_SUBSCRIPTIONS', [
        ...held.alerts.map((a) => `${t('FORM_SAVE_SEARCH')}: ${a.list} – ${a.status}`),
        ...(held.newsletter ? [`${t('FORM_SIGN_NEWSLETTER')} – ${held.newsletter.status}`] : []),
      ])}
      {section(
        'PRIVACY_HELD_MAILS',
        held.mails.map((m) => `${day(m.sentAt)} – ${m.subject}`),
      )}
      {held.testimonials.length > 0
        ? section(
            'FORM_TESTIMONIAL',
            held.testimonials.map((x) => `${day(x.createdAt)} – ${x.status}`),
          )
        : null}
      <div className="privacy__actions">
        <Action path={path} token={token} action="export" label={t('PRIVACY_DOWNLOAD')} />
        <Action path={path} token={token} action="end-subscriptions" label={t('PRIVACY_END_SUBSCRIPTIONS')} />
        <Action path={path} token={token} action="erase" label={t('PRIVACY_ERASE_ALL')} accent />
      </div>
    </>
  );
}
