import { describe, expect, it } from 'vitest';
import { campaignParams, gtagIds, pageViewPayload, trackersFor, withCampaign } from './analytics.ts';
import { NO_CONSENT, type ConsentChoices } from './consent.ts';

const ALL: ConsentChoices = { ad_user_data: true, ad_storage: true, analytics_storage: true, ad_personalization: true };
const ANALYTICS: ConsentChoices = { ...NO_CONSENT, analytics_storage: true };
const ADS: ConsentChoices = { ...NO_CONSENT, ad_storage: true };
const IDS = { analyticsId: 'G-TEST123', adsId: 'AW-999', tagManagerId: 'GTM-ABC1', facebookPixel: '1234567890' };
const NONE = { analyticsId: '', adsId: '', tagManagerId: '', facebookPixel: '' };

describe('campaign parameters of the landing URL', () => {
  it.each([
    ['?utm_source=news&utm_medium=mail', 'utm_source=news&utm_medium=mail'],
    ['?page=2&utm_campaign=spring%20sale', 'utm_campaign=spring+sale'],
    ['?utm_source=', ''],
    ['?page=2&q=namur', ''],
    ['', ''],
    ['?UTM_Source=x', 'UTM_Source=x'],
    ['?utm_=x&utmsource=y', ''],
  ])('%j → %j', (search, expected) => {
    expect(campaignParams(search)).toBe(expected);
  });
});

describe('page location with the stored campaign', () => {
  it.each<[string, string | null, string]>([
    ['https://site.be/fr/', null, 'https://site.be/fr/'],
    ['https://site.be/fr/', '', 'https://site.be/fr/'],
    ['https://site.be/fr/', 'utm_source=news', 'https://site.be/fr/?utm_source=news'],
    ['https://site.be/fr/a-vendre/?page=2', 'utm_source=news&utm_medium=mail', 'https://site.be/fr/a-vendre/?page=2&utm_source=news&utm_medium=mail'],
    ['https://site.be/fr/?utm_source=ad', 'utm_source=news&utm_medium=mail', 'https://site.be/fr/?utm_source=ad&utm_medium=mail'],
    ['https://site.be/fr/', 'evil=1&utm_term=x', 'https://site.be/fr/?utm_term=x'],
    ['not a url', 'utm_source=news', 'not a url'],
  ])('%s + %j', (location, utm, expected) => {
    expect(withCampaign(location, utm)).toBe(expected);
  });

  it('the page view carries location and referrer', () => {
    expect(pageViewPayload('https://site.be/fr/a-vendre/', 'https://site.be/fr/', 'utm_source=news')).toEqual({
      page_location: 'https://site.be/fr/a-vendre/?utm_source=news',
      page_referrer: 'https://site.be/fr/',
    });
  });
});

describe('which trackers may load', () => {
  it.each<[string, typeof IDS, ConsentChoices | null, string[]]>([
    ['no choice yet', IDS, null, []],
    ['declined', IDS, NO_CONSENT, []],
    ['no IDs, all accepted', NONE, ALL, []],
    ['all accepted', IDS, ALL, ['tag-manager', 'gtag', 'pixel']],
    ['analytics only', IDS, ANALYTICS, ['tag-manager', 'gtag']],
    ['ads only', IDS, ADS, ['tag-manager', 'gtag', 'pixel']],
    ['analytics only, no analytics ID', { ...IDS, analyticsId: '' }, ANALYTICS, ['tag-manager']],
    ['ad user data alone loads nothing', IDS, { ...NO_CONSENT, ad_user_data: true, ad_personalization: true }, []],
    ['only a pixel, accepted', { ...NONE, facebookPixel: '42' }, ALL, ['pixel']],
    ['blank IDs count as unset', { analyticsId: ' ', adsId: ' ', tagManagerId: ' ', facebookPixel: ' ' }, ALL, []],
  ])('%s', (_name, ids, choices, kinds) => {
    expect(trackersFor(ids, choices).map((t) => t.kind)).toEqual(kinds);
  });

  it('the URLs are the providers and the IDs are encoded', () => {
    expect(trackersFor({ ...IDS, tagManagerId: 'GTM-A&x=1' }, ALL).map((t) => t.src)).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-A%26x%3D1',
      'https://www.googletagmanager.com/gtag/js?id=G-TEST123',
      'https://connect.facebook.net/en_US/fbevents.js',
    ]);
  });

  it.each<[ConsentChoices | null, string[]]>([
    [null, []],
    [ALL, ['G-TEST123', 'AW-999']],
    [ANALYTICS, ['G-TEST123']],
    [ADS, ['AW-999']],
  ])('gtag is configured for the consented IDs: %j', (choices, ids) => {
    expect(gtagIds(IDS, choices)).toEqual(ids);
  });
});
