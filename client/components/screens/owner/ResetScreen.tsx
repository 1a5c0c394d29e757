/** The new-password page a reset link opens. */
import { useEffect, useState } from 'react';
import { useI18n } from '../../../i18n/i18n.tsx';
import { PASSWORD_MIN_LENGTH } from '../../../../domain/rules/password-rules.ts';
import { AppLink } from '../../AppLink.tsx';
import { Field, FormAlert, useOwnerPaths, usePosted } from './owner-form.tsx';

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
