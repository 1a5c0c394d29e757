/**
 * Every message the specification names, each where it says, rendered for a visitor (the
 * page's HTML, no JavaScript) in the language asked: a key that no page ever shows fails
 * here. The one message only the visitor's own browser can give (documents already
 * requested from this browser) is rendered by test/e2e/documents.e2e.ts.
 */
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { app } from '../../worker/index.ts';
import { signToken } from '../../worker/owners/token.ts';
import { createReset } from '../../worker/owners/store.ts';
import { seedDemoOwner, DEMO_OWNER } from '../../scripts/lib/seed-owners.ts';
import { requestSubscription } from '../../worker/forms/newsletter.ts';
import fr from '../../content/demo/translations/fr.json';
import nl from '../../content/demo/translations/nl.json';
import en from '../../content/demo/translations/en.json';
import de from '../../content/demo/translations/de.json';
import { brokenDb, demoContent, publish } from './support.ts';

const DICTS: Record<string, Record<string, string>> = { fr, nl, en, de };
const SAME_ORIGIN = { Origin: 'https://vitrine.test', 'Sec-Fetch-Site': 'same-origin' };
const person = { title: 'ms', firstName: 'Marie', lastName: 'Dupont', email: 'marie@example.be', phone: '0475 12 34 56' };
let ip = 0;

async function call(path: string, init: RequestInit = {}, bindings: Partial<Env> = {}): Promise<string> {
  const ctx = createExecutionContext();
  const response = await app.request(`https://vitrine.test${path}`, { redirect: 'manual', ...init }, { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return response.text();
}

/** A form posted by a browser without JavaScript, from the page `back`: the page it lands on (a 303 followed, as a browser does). */
async function post(form: string, fields: Record<string, string>, bindings: Partial<Env> = {}): Promise<string> {
  const body = new URLSearchParams(fields);
  const ctx = createExecutionContext();
  const response = await app.request(
    `https://vitrine.test${form.startsWith('/') ? form : `/forms/${form}`}`,
    { method: 'POST', redirect: 'manual', body, headers: { ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': `192.0.2.${++ip % 250}` } },
    { ...env, ...bindings },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const location = response.headers.get('Location');
  return response.status === 303 && location?.startsWith('/') ? call(location, {}, bindings) : response.text();
}

/** The text of the page, as a reader sees it. */
function visible(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ');
}

const t = (lang: string, key: string, field?: string) => (DICTS[lang]?.[key] ?? `missing ${key}`).replace('{{field}}', field ?? '');

type Scenario = { lang: string; render: () => Promise<string>; field?: string };

/** Each message of the specification: where a visitor meets it. */
const VISITOR_MESSAGES: Record<string, Scenario> = {
  // Validation: required fields, addresses, captcha, and the Dutch and French additions.
  REQUIRED_FIELD: { lang: 'fr', field: fr.LAST_NAME, render: () => post('site-contact', { lang: 'fr', back: '/fr/contact/', ...person, lastName: '' }) },
  EMAIL_INVALID: { lang: 'nl', render: () => post('site-contact', { lang: 'nl', back: '/nl/contact/', ...person, email: 'marie-at-example' }) },
  CAPTCHA_EMPTY: { lang: 'nl', render: () => post('site-contact', { lang: 'nl', back: '/nl/contact/', ...person }, { TURNSTILE_SECRET: 'secret' }) },
  CAPTCHA_INVALID: { lang: 'fr', render: () => post('site-contact', { lang: 'fr', back: '/fr/contact/', ...person, 'cf-turnstile-response': 'forged' }, { TURNSTILE_SECRET: 'secret' }) },
  TYPE_REQUIRED: { lang: 'nl', render: () => post('demand-register', { lang: 'nl', back: '/nl/ik-ben-op-zoek/', ...person, goal: 'sale', zones: 'Namen' }) },
  ZONE_REQUIRED: { lang: 'nl', render: () => post('demand-register', { lang: 'nl', back: '/nl/ik-ben-op-zoek/', ...person, goal: 'sale', types: '1' }) },
  DATES_INVALID: {
    lang: 'nl',
    render: () =>
      post('purchase-offer', {
        lang: 'nl',
        back: propertyPath(2071, 'nl'),
        title: 'ms',
        buyerA: 'Marie Dupont',
        email: person.email,
        phone: person.phone,
        amount: '200000',
        amountWords: 'tweehonderdduizend',
        startDate: '2026-12-05',
        signingDate: '2026-12-10',
        binding: 'yes',
        validUntil: '2026-12-01',
        place: 'Namen',
        propertyId: '2071',
      }),
  },
  FRIEND_EMAIL_INVALID: {
    lang: 'nl',
    render: () => post('send-to-friend', { lang: 'nl', back: propertyPath(2071, 'nl'), name: 'Marie', email: person.email, friendEmail: 'vriend@', propertyId: '2071' }),
  },
  DEMAND_ADDRESS_EMPTY: { lang: 'nl', render: () => post('contact-demand', { lang: 'nl', back: '/nl/gratis-schatting/', ...person, street: '12', zip: '5000', city: 'Namen', propertyType: 'house' }) },
  TYPE_NOT_SELECTED: { lang: 'fr', render: () => post('contact-demand', { lang: 'fr', back: '/fr/estimation-gratuite/', ...person, street: 'Rue de Fer 1', zip: '5000', city: 'Namur' }) },
  CHECK_RED_FIELDS: { lang: 'nl', render: () => post('site-contact', { lang: 'nl', back: '/nl/contact/', ...person, phone: '' }) },
  PASSWORDS_DIFFERENT: { lang: 'fr', render: async () => post('/fr/login/nouveau-mot-de-passe/', { token: await resetToken(), password: 'a long new password', confirm: 'another long password' }) },
  // Errors.
  LOGIN_FAILED: { lang: 'fr', render: () => post('/fr/login/', { username: DEMO_OWNER.email, password: 'not the password at all' }) },
  LOGIN_FAILED_TITLE: { lang: 'nl', render: () => post('/nl/login/', { username: DEMO_OWNER.email, password: 'not the password at all' }) },
  MAIL_NOT_SENT: {
    lang: 'fr',
    render: () => post('contact-demand', { lang: 'fr', back: '/fr/estimation-gratuite/', ...person, street: 'Rue de Fer 1', zip: '5000', city: 'Namur', propertyType: 'house' }, { DB: brokenDb }),
  },
  MAIL_FAILED: { lang: 'nl', render: () => post('sign-newsletter', { lang: 'nl', back: '/nl/', email: person.email, consent: 'yes' }, { DB: brokenDb }) },
  API_ERROR: {
    lang: 'fr',
    render: () =>
      post(
        'purchase-offer',
        {
          lang: 'fr',
          back: propertyPath(2071, 'fr'),
          title: 'ms',
          buyerA: 'Marie Dupont',
          email: person.email,
          phone: person.phone,
          amount: '200000',
          amountWords: 'deux cent mille',
          startDate: '2026-11-30',
          signingDate: '2026-12-01',
          binding: 'yes',
          validUntil: '2026-12-10',
          place: 'Namur',
          propertyId: '2071',
        },
        { DB: brokenDb },
      ),
  },
  PROPERTY_NOT_FOUND: { lang: 'fr', render: () => call('/fr/a-vendre/namur/maison/999999/') },
  PROPERTY_SOLD: { lang: 'fr', render: () => call(goneProperty.sold) },
  PROPERTY_RENTED: { lang: 'nl', render: () => call(goneProperty.rented) },
  PERSON_NOT_FOUND: { lang: 'fr', render: async () => call('/fr/login/portail/', { headers: { Cookie: `__Host-owner=${await removedOwnerToken()}` } }) },
  PAGE_NOT_FOUND: { lang: 'nl', render: () => call('/nl/bestaat-niet/') },
  NO_RESULTS: { lang: 'fr', render: () => call('/fr/a-vendre/?min=90000000') },
  NO_DOCUMENTS: { lang: 'fr', render: () => call(propertyPath(2106, 'fr')) },
  NO_PHOTOS: { lang: 'nl', render: () => call(propertyPath(2051, 'nl')) },
  NO_CONSTRUCTIONS: { lang: 'fr', render: () => call(projectWithoutUnits) },
  NO_PROJECTS: { lang: 'nl', render: async () => call('/nl/projecten/') },
  TESTIMONIAL_NOT_SENT: {
    lang: 'fr',
    render: () => post('testimonial', { lang: 'fr', back: '/fr/nos-services/temoignages/', name: 'Marie', comment: 'Très bon service, merci.', consent: 'yes' }, { DB: brokenDb }),
  },
  DOCUMENT_REQUEST_ERROR: {
    lang: 'nl',
    render: () => post('document-request', { lang: 'nl', back: propertyPath(2071, 'nl'), name: 'Marie', email: person.email, propertyId: '2071' }, { DB: brokenDb }),
  },
  APPOINTMENTS_FULL: { lang: 'fr', render: () => bookFullSlot() },
  // Successes.
  THANKS_CONFIDENCE: { lang: 'fr', render: () => call('/fr/merci/contact-me/') },
  SENT_TO_FRIEND: { lang: 'nl', render: () => call('/nl/bedankt/send-to-friend/') },
  UNSUBSCRIBED: { lang: 'nl', render: async () => call(`/newsletter/unsubscribe/${await subscribedToken()}/`) },
  PASSWORD_SENT: { lang: 'fr', render: () => call('/fr/login/mot-de-passe-oublie/?sent=1') },
  DOCUMENTS_BY_EMAIL: { lang: 'fr', render: () => post('document-request', { lang: 'fr', back: '/fr/contact/', name: 'Marie', email: 'docs@example.be', propertyId: '2071' }) },
  TESTIMONIAL_SENT: { lang: 'nl', render: () => post('testimonial', { lang: 'nl', back: '/nl/onze-diensten/getuigenissen/', name: 'Marie', comment: 'Heel goede service, dank u.', consent: 'yes' }) },
};

/** The messages of the specification shown by the visitor's browser, not by a page of the server. */
const BROWSER_MESSAGES = ['DOCUMENT_ALREADY_REQUESTED'];

const goneProperty = { sold: '', rented: '' };
let projectWithoutUnits = '';
const paths = new Map<string, string>();
const propertyPath = (id: number, lang: string) => paths.get(`${lang}:${id}`) ?? `/property/${id}/`;

async function removedOwnerToken(): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signToken({ sub: 987_654, ver: 0, iat: now, exp: now + 600, auth: now }, env.TOKEN_KEY);
}

async function subscribedToken(): Promise<string> {
  await requestSubscription(env.DB, 'news@example.be', 'nl', 'consent');
  return (await env.DB.prepare("SELECT token FROM newsletter_subscribers WHERE email = 'news@example.be'").first<{ token: string }>())?.token ?? '';
}

/** A slot of the agency's calendar that is already taken by as many visitors as it holds. */
async function bookFullSlot(): Promise<string> {
  const slot = 'p2071-2030-02-04T09';
  await env.DB.prepare('INSERT OR REPLACE INTO appointment_slots (id, property_id, starts_at, capacity, booked) VALUES (?, 2071, ?, 2, 2)').bind(slot, '2030-02-04T09:00:00.000Z').run();
  return post('contact-appointment', { lang: 'fr', back: propertyPath(2071, 'fr'), ...person, propertyId: '2071', slotId: slot });
}

async function resetToken(): Promise<string> {
  const owner = await env.DB.prepare('SELECT id FROM owners WHERE email = ?').bind(DEMO_OWNER.email).first<{ id: number }>();
  return (await createReset(env.DB, owner?.id ?? 0, 'fr', Math.floor(Date.now() / 1000))) ?? '';
}

beforeAll(async () => {
  // Two listings past their grace period, and a project with no units yet.
  const content = demoContent();
  for (const property of content.properties) if (property.ID === 2048 || property.ID === 2089) property.StatusDate = '2020-01-01T00:00:00Z';
  const project = content.projects.find((p) => p.ID === 9002);
  if (project) project.Units = [];
  await publish(content);
  await seedDemoOwner(env.DB, env.PASSWORD_PEPPER);
  for (const [id, lang] of [
    [2048, 'fr'],
    [2089, 'nl'],
    [2106, 'fr'],
    [2051, 'nl'],
    [2071, 'fr'],
    [2071, 'nl'],
  ] as const) {
    const response = await app.request(`https://vitrine.test/property/${id}/`, { headers: { 'Accept-Language': lang }, redirect: 'manual' }, env, createExecutionContext());
    const location = new URL(response.headers.get('Location') ?? '/', 'https://vitrine.test').pathname;
    paths.set(`${lang}:${id}`, location.replace(/^\/[a-z]{2}\//, `/${lang}/`));
  }
  goneProperty.sold = propertyPath(2048, 'fr');
  goneProperty.rented = propertyPath(2089, 'nl');
  projectWithoutUnits = /\/fr\/projets\/[a-z0-9-]+\/9002\//.exec(await call('/fr/projets/'))?.[0] ?? '/fr/projets/';
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('every message of the specification', () => {
  it('is in the four dictionaries', () => {
    const missing = [...Object.keys(VISITOR_MESSAGES), ...BROWSER_MESSAGES].flatMap((key) =>
      Object.entries(DICTS)
        .filter(([, dict]) => !dict[key])
        .map(([lang]) => `${lang}:${key}`),
    );
    expect(missing).toEqual([]);
  });

  // The valuation's address, postcode and city: each named by its own label when left empty.
  const VALUATION_PAGES = { fr: '/fr/estimation-gratuite/', nl: '/nl/gratis-schatting/', en: '/en/free-valuation/', de: '/de/kostenlose-bewertung/' } as const;
  it.each(Object.entries(VALUATION_PAGES))('%s: an empty valuation address says "Address is a required field", and so do its postcode and city', async (lang, back) => {
    const html = visible(await post('contact-demand', { lang, back, ...person, street: '', zip: '', city: '', propertyType: 'house' }));
    for (const label of ['ADDRESS', 'POSTAL_CODE', 'CITY']) expect(html).toContain(t(lang, 'REQUIRED_FIELD', DICTS[lang]?.[label]).trim());
  });

  it.each(Object.entries(VISITOR_MESSAGES))('%s is shown where the specification says', async (key, scenario) => {
    if (key === 'CAPTCHA_INVALID') vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ success: false, 'error-codes': ['invalid-input-response'] }));
    if (key === 'NO_PROJECTS') await publish({ ...demoContent(), projects: [] });
    try {
      const html = await scenario.render();
      const message = t(scenario.lang, key, scenario.field).trim();
      // Shown as text, or as the name of what stands in for a picture.
      const named = [...html.matchAll(/aria-label="([^"]*)"/g)].map((m) => visible(m[1] ?? ''));
      expect(
        [visible(html), ...named].some((text) => text.includes(message)),
        `${key}: "${message}" not found in the page`,
      ).toBe(true);
    } finally {
      if (key === 'NO_PROJECTS') await publish();
    }
  });
});
