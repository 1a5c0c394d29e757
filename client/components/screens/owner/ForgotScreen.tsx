/** The forgot-password page. */
import { useI18n } from '../../../i18n/i18n.tsx';
import { AppLink } from '../../AppLink.tsx';
import { Field, FormAlert, useOwnerPaths, usePosted } from './owner-form.tsx';

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
