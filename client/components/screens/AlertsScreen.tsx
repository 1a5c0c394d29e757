import type { AlertsView } from '../../../domain/page-data.ts';
import { ALERT_FREQUENCIES } from '../../../domain/forms/names.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { AppLink } from '../AppLink.tsx';

/**
 * The alerts of one address, from the manage link of their mails: each with what it
 * watches, how often it mails (changeable), a link to its list, and a button that ends
 * it; and one that ends them all. Plain POST forms: it works without JavaScript.
 */
export function AlertsScreen({ manage }: { manage: AlertsView }) {
  const { t } = useI18n();
  return (
    <section className="container page narrow alerts">
      <h1>{t('ALERTS_TITLE')}</h1>
      <p className="lead">{t('ALERTS_INTRO', { email: manage.email })}</p>
      {manage.notice ? (
        <p className="form-done" role="status">
          {t(manage.notice)}
        </p>
      ) : null}
      {manage.alerts.length === 0 ? <p>{t('ALERTS_NONE')}</p> : null}
      <ul className="alerts__list">
        {manage.alerts.map((alert) => (
          <li key={alert.id} className="alerts__item">
            <h2 className="alerts__title">
              <AppLink href={alert.listUrl}>{alert.description}</AppLink>
            </h2>
            {alert.pending ? <p className="alerts__pending">{t('ALERT_PENDING')}</p> : null}
            <form method="post" action={manage.path} className="alerts__form">
              <input type="hidden" name="alert" value={alert.id} />
              <input type="hidden" name="action" value="frequency" />
              <label htmlFor={`alert-${alert.id}-frequency`}>{t('ALERT_FREQUENCY')}</label>
              <select id={`alert-${alert.id}-frequency`} name="frequency" defaultValue={alert.frequency}>
                {ALERT_FREQUENCIES.map((f) => (
                  <option key={f} value={f}>
                    {t(`ALERT_FREQUENCY_${f.toUpperCase()}`)}
                  </option>
                ))}
              </select>
              <button type="submit" className="button">
                {t('ALERT_SAVE')}
              </button>
            </form>
            <form method="post" action={manage.path}>
              <input type="hidden" name="alert" value={alert.id} />
              <input type="hidden" name="action" value="delete" />
              <button type="submit" className="button button--link">
                {t('ALERT_DELETE')}
                <span className="visually-hidden"> – {alert.description}</span>
              </button>
            </form>
          </li>
        ))}
      </ul>
      {manage.alerts.length > 1 ? (
        <form method="post" action={manage.path}>
          <input type="hidden" name="alert" value="all" />
          <input type="hidden" name="action" value="delete" />
          <button type="submit" className="button">
            {t('ALERTS_DELETE_ALL')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
