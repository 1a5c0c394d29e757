import { useI18n } from '../../i18n/i18n.tsx';
import { phoneHref } from '../../../domain/rules/phone.ts';
import { Icon } from '../Icon.tsx';

/**
 * On a phone, the three things a buyer does from a listing, always at hand: call the agency,
 * ask for a visit, send a message. Plain links (the call a `tel:` link, the others the page's
 * own forms), in the tab order after the page's content. The stylesheet keeps it at the
 * bottom on narrow screens only, leaves room for it under the content, and hides it while a
 * field has focus (the keyboard is up: the form is what matters then).
 */
export function ContactBar({ phone, canVisit }: { phone: string; canVisit: boolean }) {
  const { t } = useI18n();
  const tel = phoneHref(phone);
  return (
    <nav className="contact-bar" aria-label={t('CONTACT_BAR')}>
      {tel ? (
        <a className="contact-bar__action" href={tel}>
          <Icon name="phone" size={20} />
          <span>{t('ACTION_CALL')}</span>
        </a>
      ) : null}
      {canVisit ? (
        <a className="contact-bar__action contact-bar__action--main" href="#visit">
          <Icon name="house" size={20} />
          <span>{t('ACTION_VISIT')}</span>
        </a>
      ) : null}
      <a className="contact-bar__action" href="#request">
        <Icon name="mail" size={20} />
        <span>{t('ACTION_MESSAGE')}</span>
      </a>
    </nav>
  );
}
