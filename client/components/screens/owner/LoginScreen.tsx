/** The owner login page. */
import { useI18n } from '../../../i18n/i18n.tsx';
import { AppLink } from '../../AppLink.tsx';
import { Field, FormAlert, useOwnerPaths, usePosted } from './owner-form.tsx';

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
