/**
 * "Erase everything" reaches the CRM (a fake Whise answering `contacts/delete` as its public
 * clients call it): the visitor's contact is gone there too; when the CRM cannot erase or does
 * not answer, the agency is told which records to erase by hand.
 */
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { crmBindings, publish, request, routeToFake } from './support.ts';
import { fakeWhise } from '../../scripts/lib/fakes/whise.ts';
import { pushLead } from '../../worker/outbox/crm-push.ts';
import { dispatch } from '../../worker/outbox/consumer.tsx';
import { readMessage } from '../../worker/queues/messages.ts';

const CRM_URL = 'https://whise-erase.fake';
const whise = fakeWhise();
const sent: { to: string; subject: string; text: string }[] = [];
const queued: unknown[] = [];
const bindings = { ...crmBindings('whise', CRM_URL, queued), EMAIL: { send: async (m: { to: string; subject: string; text: string }) => (sent.push(m), { messageId: 'm' }) } } as unknown as Env;
let ip = 0;

/** A post, then the privacy mails it queued sent by the outbox's consumer. */
const post = async (path: string, fields: Record<string, string>) => {
  const response = await request(path, { method: 'POST', headers: { Origin: 'https://vitrine.test', 'CF-Connecting-IP': `198.51.100.${++ip + 180}` }, body: new URLSearchParams(fields) }, bindings);
  for (const body of queued.splice(0)) {
    const message = readMessage(body);
    if (message && message.kind.startsWith('privacy')) await dispatch(message, bindings);
  }
  return response;
};

/** A visitor's request, sent to the CRM, then "erase everything" through their link. */
async function requestThenErase(email: string): Promise<void> {
  expect((await post('/forms/site-contact', { lang: 'fr', back: '/fr/', title: 'ms', firstName: 'Eva', lastName: 'Erase', email, phone: '0475123456', message: 'Bonjour' })).status).toBe(303);
  const lead = await env.DB.prepare('SELECT id FROM leads WHERE email = ?').bind(email).first<{ id: string }>();
  expect(await pushLead(bindings, lead?.id ?? '')).toBe('sent');
  expect(whise.contacts.has(email)).toBe(true);
  sent.length = 0;
  await post('/privacy/', { lang: 'fr', email });
  const link = /https:\/\/vitrine\.test(\/privacy\/open\/[0-9a-f]{64}\/)/.exec(sent.find((m) => m.to === email)?.text ?? '')?.[1] ?? '';
  const session = /name="token" value="([0-9a-f]{64})"/.exec(await (await post(link, {})).text())?.[1] ?? '';
  sent.length = 0;
  expect((await post('/privacy/held/', { token: session, action: 'erase-confirmed' })).status).toBe(200);
}

beforeAll(async () => {
  await publish();
  routeToFake(CRM_URL, () => whise.app);
});
afterAll(() => {
  vi.restoreAllMocks();
});

describe('erasure in the CRM', () => {
  it('Whise erases the contact: nothing of the visitor is left there, and the agency has nothing to do by hand', async () => {
    await requestThenErase('eva.erase@example.be');
    expect(whise.contacts.has('eva.erase@example.be')).toBe(false);
    expect(whise.calls.some((call) => call.path === 'contacts/delete')).toBe(true);
    expect(sent.filter((m) => m.to === env.AGENCY_INBOX)).toEqual([]);
  });

  it('a CRM that does not answer leaves the erasure to the agency, told which record', async () => {
    whise.state = 'up';
    const email = 'eva.down@example.be';
    expect((await post('/forms/site-contact', { lang: 'fr', back: '/fr/', title: 'ms', firstName: 'Eva', lastName: 'Down', email, phone: '0475123456' })).status).toBe(303);
    const lead = await env.DB.prepare('SELECT id FROM leads WHERE email = ?').bind(email).first<{ id: string }>();
    expect(await pushLead(bindings, lead?.id ?? '')).toBe('sent');
    const contactId = String(whise.contacts.get(email)?.contactId);
    sent.length = 0;
    await post('/privacy/', { lang: 'fr', email });
    const link = /https:\/\/vitrine\.test(\/privacy\/open\/[0-9a-f]{64}\/)/.exec(sent.find((m) => m.to === email)?.text ?? '')?.[1] ?? '';
    const session = /name="token" value="([0-9a-f]{64})"/.exec(await (await post(link, {})).text())?.[1] ?? '';
    sent.length = 0;
    whise.state = 'down';
    const erased = await post('/privacy/held/', { token: session, action: 'erase-confirmed' });
    whise.state = 'up';
    expect(await erased.text()).toContain('L’agence a reçu la liste des fiches à effacer');
    const agency = sent.filter((m) => m.to === env.AGENCY_INBOX);
    expect(agency).toHaveLength(1);
    expect(agency[0]?.text).toContain(contactId);
    expect(await env.DB.prepare('SELECT 1 FROM leads WHERE email = ?').bind(email).first()).toBeNull();
  });
});
