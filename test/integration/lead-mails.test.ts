/**
 * The mails a lead causes: the agency's notification reads like a person wrote it (no raw
 * codes), a rental applicant gets a confirmation, a project request gets the brochure.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { publish, request } from './support.ts';
import { notifyLead } from '../../worker/outbox/consumer.tsx';
import { MAIL_BUDGETS } from '../../worker/mail/gate.ts';

const ORIGIN = 'https://vitrine.test';
let visitor = 0;

async function submit(form: string, fields: Record<string, string>): Promise<string> {
  const response = await request(`/forms/${form}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, Accept: 'application/json', 'CF-Connecting-IP': `198.51.100.${++visitor}` },
    body: new URLSearchParams(fields).toString(),
  });
  expect(response.status).toBe(200);
  const lead = await env.DB.prepare('SELECT id FROM leads WHERE email = ? ORDER BY created_at DESC').bind(fields.email).first<{ id: string }>();
  return lead?.id ?? '';
}

/** The mails of one lead: to whom, the subject, the text and the HTML part. */
async function mailsOf(leadId: string): Promise<{ to: string; subject: string; text: string; html: string }[]> {
  const sent: { to: string; subject: string; text: string; html: string }[] = [];
  await notifyLead({ DB: env.DB, CONTENT: env.CONTENT, EMAIL: env.EMAIL, MAIL_FROM: env.MAIL_FROM, AGENCY_INBOX: env.AGENCY_INBOX, SITE_ORIGIN: ORIGIN }, leadId, async (_from, to, mail) => {
    sent.push({ to, subject: mail.subject, text: mail.text, html: mail.html });
  });
  return sent;
}

beforeAll(async () => {
  await publish();
});

describe('a rental application', () => {
  it('is confirmed to the applicant in their language, and the agency reads labels, not codes', async () => {
    const leadId = await submit('rental-application', {
      lang: 'nl',
      back: '/nl/',
      title: 'ms',
      firstName: 'Lies',
      lastName: 'Peeters',
      email: 'lies.huur@example.be',
      phone: '0475123456',
      adults: '2',
      movingDate: '2027-02-01',
      income1: '2600',
      pets: 'no',
      contactTime: 'morning',
      propertyId: '2085',
    });
    const mails = await mailsOf(leadId);
    expect(mails.map((m) => m.to)).toEqual([env.AGENCY_INBOX, 'lies.huur@example.be']);
    const [agency, applicant] = mails;
    expect(applicant?.subject).toContain('Uw kandidatuur als huurder');
    expect(applicant?.text).toContain('We hebben uw kandidatuur voor dit pand goed ontvangen');
    expect(applicant?.text).toMatch(/LO-2085/);
    expect(applicant?.text).toContain(`${ORIGIN}/nl/`);
    // The agency's mail, in its language: the property by reference and town, labels for choices.
    expect(agency?.text).toMatch(/: LO-2085 – [^,]+, \d{4} /);
    expect(agency?.text).not.toMatch(/: 2085\r?$/m);
    expect(agency?.text).toMatch(/: Madame\r?$/m);
    expect(agency?.text).not.toMatch(/: (ms|morning|no)\r?$/m);
  });
});

describe('a request about a new-build project', () => {
  it('sends the visitor the brochure: the project page and its price list as it is today', async () => {
    const leadId = await submit('contact-construction', {
      lang: 'fr',
      back: '/fr/',
      title: 'mr',
      firstName: 'Paul',
      lastName: 'Dubois',
      email: 'paul.projet@example.be',
      phone: '0475123456',
      country: 'lu',
      projectId: '9001',
    });
    const mails = await mailsOf(leadId);
    expect(mails.map((m) => m.to)).toEqual([env.AGENCY_INBOX, 'paul.projet@example.be']);
    const brochure = mails[1];
    expect(brochure?.subject).toContain('Brochure et liste de prix – Résidence Les Jardins de Meuse');
    expect(brochure?.text).toMatch(new RegExp(`${ORIGIN}/fr/[^\\s]+/`));
    expect(brochure?.text).toContain('Liste de prix');
    expect(brochure?.text).toMatch(/^- .+ · (€ [\d.]+|Prix sur demande) · (Disponible|Vendu|Sous option|Épuisé)\r?$/m);
    expect(mails[0]?.text).toContain('Résidence Les Jardins de Meuse');
    // The buyer's country, by its name in the agency's language.
    expect(mails[0]?.text).toMatch(/: Luxembourg\r?$/m);
    // Delivered twice by the queue: each mail once.
    expect(await mailsOf(leadId)).toEqual([]);
  });
});

describe('the fields the specification lists, as the agency reads them', () => {
  it('a free valuation: the title, how to reach the visitor and the type of property, each by its label', async () => {
    const leadId = await submit('contact-demand', {
      lang: 'fr',
      title: 'miss',
      firstName: 'Léa',
      lastName: 'Martin',
      email: 'lea.valuation@example.be',
      phone: '0475 12 34 56',
      contactDevice: 'whatsapp',
      street: 'Rue de Fer 1',
      zip: '5000',
      city: 'Namur',
      propertyType: 'apartment',
    });
    const agency = (await mailsOf(leadId)).find((m) => m.to === env.AGENCY_INBOX);
    // The agency's mail is in the site's default language (fr).
    expect(agency?.text).toContain('Civilité\u00a0: Mademoiselle');
    expect(agency?.text).toContain('Être contacté par\u00a0: WhatsApp');
    expect(agency?.text).toContain('Type de bien\u00a0: Appartement');
  });

  it('a purchase offer: the signatory’s title, the start and end dates, the place and the signing date', async () => {
    const leadId = await submit('purchase-offer', {
      lang: 'nl',
      title: 'mr',
      buyerA: 'Jan Peeters',
      email: 'jan.offer@example.be',
      phone: '0475 12 34 56',
      amount: '250000',
      amountWords: 'tweehonderdvijftigduizend',
      startDate: '2027-01-05',
      validUntil: '2027-01-20',
      place: 'Namen',
      signingDate: '2027-01-06',
      binding: 'yes',
      propertyId: '2071',
    });
    const text = (await mailsOf(leadId)).find((m) => m.to === env.AGENCY_INBOX)?.text ?? '';
    for (const line of [
      'Civilité\u00a0: Monsieur',
      'Offre valable à partir du\u00a0: ',
      'Offre valable jusqu’au (le vendeur peut l’accepter jusqu’à cette date)\u00a0: ',
      'Lieu de signature\u00a0: Namen',
      'Date de signature\u00a0: ',
    ])
      expect(text).toContain(line);
    expect(text).toMatch(/Offre valable à partir du\u00a0: [^\n]*2027/);
  });
});

describe('no stranger’s link in the agency’s mail', () => {
  it('a link typed into a name, a street or a town is inert in the subject and both parts; bidi controls are gone from the subject', async () => {
    const leadId = await submit('contact-demand', {
      lang: 'fr',
      title: 'mr',
      firstName: 'Jan\u202e',
      lastName: 'https://evil-phish.example/reset',
      email: 'jan.links@example.be',
      phone: '0475 12 34 56',
      street: 'Voir www.evil-phish.example/login',
      zip: '5000',
      city: 'http://evil-phish.example',
      propertyType: 'apartment',
    });
    const agency = (await mailsOf(leadId)).find((m) => m.to === env.AGENCY_INBOX);
    if (!agency) throw new Error('no agency mail');
    for (const part of [agency.subject, agency.text, agency.html]) {
      expect(part).not.toMatch(/https?:\/\/evil|www\.evil|evil-phish\.example/);
      expect(part).toContain('evil-phish[.]example');
    }
    expect(agency.html).not.toMatch(/href="[^"]*evil/);
    expect(agency.subject).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b-\u200f]/);
  });
});

describe('a project sent to a friend', () => {
  it('the project page offers it and print; the friend gets the project as published, with its link', async () => {
    const page = await (await request('/fr/projets/residence-les-jardins-de-meuse/9001/')).text();
    expect(page).toMatch(/<form[^>]*data-form="send-to-friend"[\s\S]*?<input type="hidden" name="projectId" value="9001"\/>/);
    expect(page).toContain('href="#friend"');
    expect(page).toMatch(/<button type="button" class="link-button">Imprimer<\/button>/);
    const leadId = await submit('send-to-friend', {
      lang: 'fr',
      name: 'Marie',
      email: 'marie.project@example.be',
      friendEmail: 'ami.project@example.be',
      message: 'Regarde ce projet',
      projectId: '9001',
    });
    const friend = (await mailsOf(leadId)).find((m) => m.to === 'ami.project@example.be');
    expect(friend?.subject).toBe('Immobilière Meuse & Ardenne – un bien à voir\u00a0: Résidence Les Jardins de Meuse, Jambes');
    expect(friend?.text).toContain(`${ORIGIN}/fr/projets/residence-les-jardins-de-meuse/9001/`);
    expect(friend?.text).toContain('Regarde ce projet');
  });

  it('an unknown project is refused and nothing is sent', async () => {
    const response = await request('/forms/send-to-friend', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, Accept: 'application/json', 'CF-Connecting-IP': '198.51.100.250' },
      body: new URLSearchParams({ lang: 'fr', name: 'Eve', email: 'eve.project@example.be', friendEmail: 'x@example.be', projectId: '424242' }).toString(),
    });
    expect(response.status).toBe(422);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM leads WHERE email = 'eve.project@example.be'").first<{ n: number }>()).toEqual({ n: 0 });
  });
});

describe('a lead its form no longer reads', () => {
  it('still reaches the agency with every value it holds, and mails no one else', async () => {
    // Posted before the form asked for a title and a phone: the schema of today refuses it.
    const id = crypto.randomUUID();
    const payload = { firstName: 'Oud', lastName: 'Formulier', email: 'oud.formulier@example.be', propertyId: 2046, slotId: 'p2046-2026-12-01T10' };
    await env.DB.prepare("INSERT INTO leads (id, kind, lang, email, property_id, payload) VALUES (?, 'contact-appointment', 'fr', ?, 2046, ?)").bind(id, payload.email, JSON.stringify(payload)).run();
    const mails = await mailsOf(id);
    expect(mails.map((m) => m.to)).toEqual([env.AGENCY_INBOX]);
    expect(mails[0]?.subject).toContain('Oud Formulier');
    expect(mails[0]?.text).toMatch(/VI-2046/);
  });
});

describe('every request to the agency is acknowledged to the visitor', () => {
  it.each([
    [
      'a valuation, in Dutch',
      'contact-demand',
      'nl',
      { street: 'Rue des Pirates', houseNumber: '1', zip: '5000', city: 'Namur', propertyType: 'house' },
      'uw vraag om een schatting',
      'Een schatter neemt binnen twee werkdagen contact met u op',
    ],
    ['a request for information about a listing, in French', 'contact-me', 'fr', { propertyId: '2046' }, 'votre demande d’information', 'VI-2046'],
    ['a message, in German', 'site-contact', 'de', {}, 'Ihre Nachricht', 'Ein Berater antwortet Ihnen'],
  ])('%s: what was asked, when, what happens next, and nothing the visitor typed', async (_what, form, lang, fields, request, next) => {
    const email = `ack.${form}.${lang}@example.be`;
    const leadId = await submit(form, {
      lang,
      back: `/${lang}/`,
      title: 'ms',
      firstName: 'Win a prize',
      lastName: 'at evil.example',
      email,
      phone: '0475123456',
      message: 'Claim your prize now at https://evil.example/win',
      ...fields,
    });
    const mails = await mailsOf(leadId);
    expect(mails.map((m) => m.to)).toEqual([env.AGENCY_INBOX, email]);
    const receipt = mails[1];
    expect(receipt?.subject).toContain(request);
    expect(receipt?.text).toContain(next);
    expect(receipt?.text).toMatch(/20\d\d/);
    // An address anyone can type never carries a stranger's words under the agency's name.
    for (const typed of ['evil.example', 'Win a prize', 'Claim your prize', 'Rue des Pirates']) {
      expect(receipt?.text).not.toContain(typed);
      expect(receipt?.html).not.toContain(typed);
    }
  });

  it('a spent receipt budget holds the receipt back, never the request: the agency still gets it; an alert saved next is still mailed', async () => {
    const email = 'ack.budget@example.be';
    const fields = { lang: 'fr', back: '/fr/', title: 'mr', firstName: 'Jean', lastName: 'Dupont', email, phone: '0475123456', message: 'Bonjour' };
    const leads: string[] = [];
    const budget = MAIL_BUDGETS.receipt.perRecipient;
    for (let i = 0; i <= budget; i++) leads.push(await submit('site-contact', fields));
    expect(new Set(leads).size).toBe(budget + 1);
    const last = await mailsOf(leads[budget] ?? '');
    expect(last.map((m) => m.to)).toEqual([env.AGENCY_INBOX]);
    // Receipts have their own budget: the visitor's saved search, a request that is its mail, still goes.
    const saved = await request('/forms/save-search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, Accept: 'application/json', 'CF-Connecting-IP': `198.51.100.${++visitor}` },
      body: new URLSearchParams({ lang: 'fr', email, consent: 'yes', list: '/fr/a-vendre/' }).toString(),
    });
    expect(saved.status).toBe(200);
  });
});
