/**
 * Analytics after consent: Google consent mode v2, the tag manager, the
 * analytics/ads tag and the social pixel, and page views on every navigation. The rules
 * are pure functions; the few browser functions below only apply them.
 */
import type { SiteView } from '../../domain/bundles.ts';
import { consentModeState, type ConsentChoices } from './consent.ts';

/** Session storage key of the campaign parameters captured from the landing URL. */
export const UTM_KEY = 'utm_parameters';

/** Analytics waits up to 500 ms for the consent update. */
export const CONSENT_WAIT_MS = 500;

/** The utm_* parameters of a query string, as a query string ('' when there are none). */
export function campaignParams(search: string): string {
  const out = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(search)) {
    if (/^utm_[a-z_]+$/i.test(key) && value !== '') out.append(key, value);
  }
  return out.toString();
}

/** The page location with the stored campaign parameters added (a parameter already in the URL wins). */
export function withCampaign(location: string, utm: string | null): string {
  if (!utm) return location;
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return location;
  }
  for (const [key, value] of new URLSearchParams(utm)) {
    if (/^utm_[a-z_]+$/i.test(key) && !url.searchParams.has(key)) url.searchParams.append(key, value);
  }
  return url.href;
}

export interface PageView {
  page_location: string;
  page_referrer: string;
}

/** The page_view parameters: location (with campaign) and referrer. */
export function pageViewPayload(location: string, referrer: string, utm: string | null): PageView {
  return { page_location: withCampaign(location, utm), page_referrer: referrer };
}

export type TrackerKind = 'tag-manager' | 'gtag' | 'pixel';
export interface Tracker {
  kind: TrackerKind;
  src: string;
}

type SiteIds = SiteView['siteInfo'];

/**
 * Which third-party scripts may load: each only when its ID is set and its consent given.
 * Tag manager: analytics or ad storage (it may carry either kind of tag); analytics tag:
 * analytics storage, ads tag: ad storage (one gtag.js serves both); pixel: ad storage.
 */
export function trackersFor(ids: SiteIds, choices: ConsentChoices | null): Tracker[] {
  if (!choices) return [];
  const out: Tracker[] = [];
  const gtm = ids.tagManagerId.trim();
  if (gtm && (choices.analytics_storage || choices.ad_storage)) out.push({ kind: 'tag-manager', src: `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtm)}` });
  const tagIds = gtagIds(ids, choices);
  if (tagIds[0]) out.push({ kind: 'gtag', src: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tagIds[0])}` });
  if (ids.facebookPixel.trim() && choices.ad_storage) out.push({ kind: 'pixel', src: 'https://connect.facebook.net/en_US/fbevents.js' });
  return out;
}

/** The analytics and ads IDs gtag is configured with, given the consent. */
export function gtagIds(ids: SiteIds, choices: ConsentChoices | null): string[] {
  if (!choices) return [];
  const out: string[] = [];
  if (ids.analyticsId.trim() && choices.analytics_storage) out.push(ids.analyticsId.trim());
  if (ids.adsId.trim() && choices.ad_storage) out.push(ids.adsId.trim());
  return out;
}

// ───────────────────────────── in the browser ─────────────────────────────

type Command = (...args: unknown[]) => void;
interface PixelFunction extends Command {
  queue?: unknown[][];
  callMethod?: Command;
  loaded?: boolean;
  version?: string;
  push?: Command;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Command;
    fbq?: PixelFunction;
    _fbq?: PixelFunction;
  }
}

/** The standard gtag queue; gtag.js only reads `arguments` objects, hence the function form. */
function gtag(..._args: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params -- gtag.js reads only `arguments` objects from the queue
  (window.dataLayer ??= []).push(arguments);
}

/** Sets the denied defaults once per page, then applies the stored choice if there is one. */
export function startConsentMode(choices: ConsentChoices | null): void {
  if (window.gtag) return;
  window.dataLayer ??= [];
  window.gtag = gtag;
  gtag('consent', 'default', { ...consentModeState(null), wait_for_update: CONSENT_WAIT_MS });
  if (choices) gtag('consent', 'update', consentModeState(choices));
}

/** The page's CSP nonce: browsers hide the attribute but keep the property. */
export function pageNonce(): string {
  for (const script of document.querySelectorAll('script')) if (script.nonce) return script.nonce;
  return '';
}

const injected = new Set<string>();

/** Updates consent mode and adds the scripts the choice allows, each once. */
export function applyConsent(ids: SiteIds, choices: ConsentChoices): void {
  startConsentMode(null);
  gtag('consent', 'update', consentModeState(choices));
  const nonce = pageNonce();
  for (const tracker of trackersFor(ids, choices)) {
    if (injected.has(tracker.kind)) continue;
    injected.add(tracker.kind);
    if (tracker.kind === 'tag-manager') window.dataLayer?.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    if (tracker.kind === 'gtag') {
      gtag('js', new Date());
      // Page views are sent by hand on each navigation, so the automatic one is off.
      for (const id of gtagIds(ids, choices)) gtag('config', id, { send_page_view: false });
    }
    if (tracker.kind === 'pixel') {
      installPixel();
      window.fbq?.('init', ids.facebookPixel.trim());
    }
    const script = document.createElement('script');
    script.async = true;
    script.src = tracker.src;
    script.nonce = nonce;
    script.setAttribute('nonce', nonce);
    script.dataset.tracker = tracker.kind;
    document.head.append(script);
  }
}

/** The pixel's command queue, as Meta's snippet defines it, until fbevents.js takes over. */
function installPixel(): void {
  if (window.fbq) return;
  const fbq: PixelFunction = (...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue?.push(args);
  };
  fbq.queue = [];
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.push = fbq;
  window.fbq = fbq;
  window._fbq ??= fbq;
}

/** Keeps the landing page's campaign parameters for the session's page views. */
export function captureCampaign(search: string): void {
  const utm = campaignParams(search);
  try {
    if (utm) sessionStorage.setItem(UTM_KEY, utm);
  } catch {
    // storage unavailable: page views go without campaign
  }
}

function storedCampaign(): string | null {
  try {
    return sessionStorage.getItem(UTM_KEY);
  } catch {
    return null;
  }
}

/** One page view: to the tag queue always (consent mode decides what is sent) and to the pixel if present. */
export function sendPageView(location: string, referrer: string): PageView {
  startConsentMode(null);
  const payload = pageViewPayload(location, referrer, storedCampaign());
  gtag('event', 'page_view', payload);
  if (typeof window.fbq === 'function') window.fbq('track', 'PageView');
  return payload;
}
