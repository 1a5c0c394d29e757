import { useI18n } from '../i18n/i18n.tsx';
import { Icon } from './Icon.tsx';

/** Beside a property or project: send it to a friend (the form below, at #friend) or print it. */
export function ShareActions() {
  const { t } = useI18n();
  return (
    <ul className="actions">
      <li>
        <a href="#friend">
          <Icon name="mail" /> {t('SEND_TO_FRIEND')}
        </a>
      </li>
      <li>
        <button type="button" className="link-button" onClick={() => window.print()}>
          {t('PRINT')}
        </button>
      </li>
    </ul>
  );
}
