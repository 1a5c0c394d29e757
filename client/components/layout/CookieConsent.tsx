import { useCallback, useEffect, useRef, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { SiteView } from '../../../domain/bundles.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { trapTab } from '../../lib/focus-trap.ts';
import { applyConsent, captureCampaign, sendPageView, startConsentMode } from '../../lib/analytics.ts';
import {
  choicesFor,
  clearConsent,
  NO_CONSENT,
  readConsent,
  saveConsent,
  shouldShowConsent,
  wantsConsentReset,
  type ConsentAction,
  type ConsentChoices,
  type ConsentFlag,
  type KeyValueStore,
} from '../../lib/consent.ts';
import { AppLink } from '../AppLink.tsx';

/** localStorage, or nothing when the browser refuses it (then every page asks again). */
function localStore(): KeyValueStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function storedChoices(): ConsentChoices | null {
  const store = localStore();
  if (!store) return null;
  try {
    return readConsent(store);
  } catch {
    return null;
  }
}

/**
 * The cookie-consent dialog and the analytics it unlocks.
 * Server-rendered as a closed <dialog> (no layout, never the LCP); after hydration it opens
 * as a native modal when nothing is stored. Escape closes it without accepting anything.
 * `openRequest` changes when the footer link asks for the settings view.
 */
export function CookieConsent({ site, openRequest }: { site: SiteView; openRequest: number }) {
  const { t } = useI18n();
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [view, setView] = useState<'simple' | 'settings'>('simple');
  const [toggles, setToggles] = useState<ConsentChoices>(NO_CONSENT);
  const ids = site.siteInfo;
  const idsRef = useRef(ids);
  idsRef.current = ids;
  const referrer = useRef('');

  const open = useCallback((next: 'simple' | 'settings') => {
    setToggles(storedChoices() ?? NO_CONSENT);
    setView(next);
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  // Once per page load: campaign, `?setcookies`, consent mode, stored trackers, first page view.
  useEffect(() => {
    captureCampaign(window.location.search);
    const store = localStore();
    if (store && wantsConsentReset(window.location.search)) clearConsent(store);
    const stored = storedChoices();
    startConsentMode(stored);
    if (stored) applyConsent(idsRef.current, stored);
    referrer.current = document.referrer;
    let last = window.location.href;
    // A page is counted once: now if the visitor chose before, else when they choose (no tag
    // runs before a choice, so a view sent now would be counted again with the choice).
    if (stored) sendPageView(last, referrer.current);
    if (shouldShowConsent(stored, window.location.pathname)) open('simple');
    // The stored choice has been read and the dialog opened or not: tools wait for this, not for time.
    if (dialog.current) dialog.current.dataset.checked = 'true';
    // Every client-side navigation is a page view; its referrer is the page before.
    return router.subscribe('onResolved', () => {
      const href = window.location.href;
      if (href === last) return;
      referrer.current = last;
      if (storedChoices() !== null) sendPageView(href, last);
      last = href;
    });
  }, [router, open]);

  useEffect(() => {
    if (openRequest > 0) open('settings');
  }, [openRequest, open]);

  // The settings view replaces the button that opened it: focus goes to the first choice.
  useEffect(() => {
    if (view === 'settings' && dialog.current?.open) dialog.current.querySelector<HTMLInputElement>('input:not([disabled])')?.focus();
  }, [view]);

  const choose = (action: ConsentAction) => {
    const hadChosen = storedChoices() !== null;
    const choices = choicesFor(action, toggles);
    const store = localStore();
    if (store) saveConsent(store, choices);
    applyConsent(ids, choices);
    // The page is counted now, with the tags the choice allows; a later change of mind is not a new view.
    if (!hadChosen) sendPageView(window.location.href, referrer.current);
    dialog.current?.close();
  };

  const choices: { flag: ConsentFlag; label: string; text: string }[] = [
    { flag: 'analytics_storage', label: t('COOKIE_ANALYTICS_STORAGE'), text: t('COOKIE_ANALYTICS_STORAGE_TEXT') },
    { flag: 'ad_storage', label: t('COOKIE_AD_STORAGE'), text: t('COOKIE_AD_STORAGE_TEXT') },
    { flag: 'ad_user_data', label: t('COOKIE_AD_USER_DATA'), text: t('COOKIE_AD_USER_DATA_TEXT') },
    { flag: 'ad_personalization', label: t('COOKIE_AD_PERSONALIZATION'), text: t('COOKIE_AD_PERSONALIZATION_TEXT') },
  ];

  return (
    <dialog ref={dialog} className="consent" aria-labelledby="consent-title" aria-describedby="consent-text" data-view={view} onKeyDown={trapTab}>
      <h2 id="consent-title" className="consent__title">
        {t('COOKIE_TITLE')}
      </h2>
      <p id="consent-text">
        {t('COOKIE_TEXT')} {/* The dialog opens itself with focus on this link: that is no sign the visitor will follow it, so nothing is fetched for it. */}
        <AppLink href={site.links.cookies} preloadOnIntent={false} onClick={() => dialog.current?.close()}>
          {t('COOKIE_POLICY')}
        </AppLink>
      </p>
      {view === 'settings' ? (
        <ul className="consent__choices">
          <li>
            <input id="consent-necessary" type="checkbox" checked disabled aria-describedby="consent-necessary-text" />
            <label htmlFor="consent-necessary">
              {t('COOKIE_NECESSARY')} <small>({t('COOKIE_ALWAYS_ON')})</small>
            </label>
            <p id="consent-necessary-text">{t('COOKIE_NECESSARY_TEXT')}</p>
          </li>
          {choices.map((choice) => (
            <li key={choice.flag}>
              <input
                id={`consent-${choice.flag}`}
                type="checkbox"
                name={choice.flag}
                checked={toggles[choice.flag]}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setToggles((prev) => ({ ...prev, [choice.flag]: on }));
                }}
                aria-describedby={`consent-${choice.flag}-text`}
              />
              <label htmlFor={`consent-${choice.flag}`}>{choice.label}</label>
              <p id={`consent-${choice.flag}-text`}>{choice.text}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="consent__actions">
        {view === 'simple' ? (
          <button key="settings" type="button" className="button button--ghost" onClick={() => setView('settings')}>
            {t('COOKIE_SETTINGS')}
          </button>
        ) : (
          <button key="partly" type="button" className="button button--ghost" onClick={() => choose('agree-partly')}>
            {t('COOKIE_AGREE_PARTLY')}
          </button>
        )}
        <button type="button" className="button" onClick={() => choose('decline')}>
          {t('COOKIE_DECLINE')}
        </button>
        <button type="button" className="button button--accent" onClick={() => choose('agree-all')}>
          {t('COOKIE_AGREE_ALL')}
        </button>
      </div>
    </dialog>
  );
}
