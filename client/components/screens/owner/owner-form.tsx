/** What the owner forms share: their paths, the posted state, the alert and the field. */
import { useRouterState } from '@tanstack/react-router';
import type { FormState } from '../../../../domain/page-data.ts';
import { useI18n } from '../../../i18n/i18n.tsx';
import type { Translate } from '../../../../domain/i18n/translator.ts';
import { loginPathOf, ownerPath } from '../../../../domain/rules/owner-paths.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../domain/rules/password-rules.ts';
import { usePageData } from '../../usePageData.ts';

export function useOwnerPaths() {
  const { lang } = useI18n();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const login = loginPathOf(pathname, lang);
  return { login, forgot: ownerPath(login, lang, 'forgot'), reset: ownerPath(login, lang, 'reset'), portal: ownerPath(login, lang, 'portal'), logout: ownerPath(login, lang, 'logout') };
}

export function usePosted(form: string): FormState | null {
  const page = usePageData();
  return page?.formState?.form === form ? page.formState : null;
}

/** A message about the whole form (login failed, too many attempts), announced when the page loads. */
export function FormAlert({ state, fieldLabels }: { state: FormState | null; fieldLabels: Record<string, string> }) {
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

export function fieldMessage(t: Translate, key: string, label: string): string {
  if (key === 'REQUIRED_FIELD') return t('REQUIRED_FIELD', { field: label });
  if (key === 'PASSWORD_TOO_SHORT') return t('PASSWORD_TOO_SHORT', { min: PASSWORD_MIN_LENGTH });
  if (key === 'PASSWORD_TOO_LONG') return t('PASSWORD_TOO_LONG', { max: PASSWORD_MAX_LENGTH });
  return t(key);
}

export function Field({
  name,
  label,
  type,
  autoComplete,
  state,
  value,
  hint,
}: {
  name: string;
  label: string;
  type: string;
  autoComplete: string;
  state: FormState | null;
  value?: string;
  hint?: string;
}) {
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
