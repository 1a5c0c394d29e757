/**
 * A fake Whise for contacts, as its public API clients show it (fw4-bvba/whise-api): a user
 * token from /token, a client token from /v1/admin/clients/token, then `contacts/upsert`
 * with the client token, which updates the contact of the same private e-mail rather than
 * making another. It refuses a field the API does not name and a missing token, and can be
 * down (502) or answer HTML.
 */
import { Hono } from 'hono';

const CONTACT_FIELDS = ['FirstName', 'Name', 'PrivateEmail', 'PrivateMobile', 'PrivateTel', 'LanguageId', 'OfficeIds', 'Comments', 'EstateIds', 'SearchCriteria', 'CountryId', 'StatusId', 'TitleId'];

export interface FakeWhise {
  app: Hono;
  contacts: Map<string, { contactId: number; body: Record<string, unknown>; upserts: number }>;
  /** Owners of the owner area, with the estates each owns (`estates/owned/list` answers them for the owner's credentials). */
  owners: { username: string; password: string; estates: number[] }[];
  /** History activities, each about some estates (`activities/histories` filters them by EstateIds). */
  histories: Record<string, unknown>[];
  /** Every owned-estates and history call, with its body (an owner's password hidden). */
  calls: { path: string; body: Record<string, unknown> }[];
  state: 'up' | 'down' | 'html';
}

export function fakeWhise(credentials = { user: 'agency', password: 'secret', clientId: 7, officeId: 11 }): FakeWhise {
  const fake: FakeWhise = { app: new Hono(), contacts: new Map(), owners: [], histories: [], calls: [], state: 'up' };
  fake.app.use('*', async (c, next) => {
    if (fake.state === 'down') return c.text('Bad Gateway', 502);
    if (fake.state === 'html') return c.html('<html><body>Maintenance</body></html>');
    await next();
  });
  fake.app.post('/token', async (c) => {
    const body = await c.req.json<{ Username?: string; Password?: string }>();
    return body.Username === credentials.user && body.Password === credentials.password ? c.json({ token: 'user-token' }) : c.json({ error: 'invalid_grant' }, 401);
  });
  fake.app.post('/v1/admin/clients/token', async (c) => {
    const body = await c.req.json<{ ClientId?: number; OfficeId?: number }>();
    if (c.req.header('Authorization') !== 'Bearer user-token') return c.json({ error: 'unauthorized' }, 401);
    return body.ClientId === credentials.clientId && body.OfficeId === credentials.officeId ? c.json({ token: 'client-token' }) : c.json({ error: 'unknown client' }, 403);
  });
  fake.app.post('/v1/contacts/upsert', async (c) => {
    if (c.req.header('Authorization') !== 'Bearer client-token') return c.json({ error: 'unauthorized' }, 401);
    const body = await c.req.json<Record<string, unknown>>();
    const unknown = Object.keys(body).filter((key) => !CONTACT_FIELDS.includes(key));
    if (unknown.length > 0 || typeof body.PrivateEmail !== 'string') return c.json({ isValidRequest: false, errors: unknown });
    const known = fake.contacts.get(body.PrivateEmail);
    const contact = known ? { ...known, body, upserts: known.upserts + 1 } : { contactId: 5000 + fake.contacts.size, body, upserts: 1 };
    fake.contacts.set(body.PrivateEmail, contact);
    return c.json({ isValidRequest: true, contactId: contact.contactId });
  });
  // Erasure as the public clients call it: DELETE with the ids in the body.
  fake.app.delete('/v1/contacts/delete', async (c) => {
    if (c.req.header('Authorization') !== 'Bearer client-token') return c.json({ error: 'unauthorized' }, 401);
    const body = await c.req.json<{ ContactIds?: unknown }>().catch(() => ({ ContactIds: undefined }));
    if (!Array.isArray(body.ContactIds) || !body.ContactIds.every((id) => Number.isInteger(id))) return c.json({ isValidRequest: false, errors: ['ContactIds'] }, 400);
    fake.calls.push({ path: 'contacts/delete', body });
    for (const [email, contact] of fake.contacts) if ((body.ContactIds as number[]).includes(contact.contactId)) fake.contacts.delete(email);
    return c.json({ isValidRequest: true });
  });
  fake.app.post('/v1/estates/owned/list', async (c) => {
    if (c.req.header('Authorization') !== 'Bearer client-token') return c.json({ error: 'unauthorized' }, 401);
    const body = await c.req.json<Record<string, unknown>>();
    fake.calls.push({ path: 'estates/owned/list', body: { ...body, ContactPassword: '(hidden)' } });
    const owner = fake.owners.find((o) => o.username.toLowerCase() === String(body.ContactUsername).toLowerCase() && o.password === body.ContactPassword);
    if (!owner) return c.json({ isValidRequest: false, errors: ['invalid contact credentials'] }, 401);
    return c.json({ estates: owner.estates.map((id) => ({ id })), totalCount: owner.estates.length, isValidRequest: true });
  });
  fake.app.post('/v1/activities/histories', async (c) => {
    if (c.req.header('Authorization') !== 'Bearer client-token') return c.json({ error: 'unauthorized' }, 401);
    const body = await c.req.json<{ Filter?: { EstateIds?: number[] } }>();
    fake.calls.push({ path: 'activities/histories', body: body as Record<string, unknown> });
    const ids = body.Filter?.EstateIds ?? [];
    const found = fake.histories.filter((h) => ((h.estates as { id: number }[] | undefined) ?? []).some((e) => ids.includes(e.id)));
    return c.json({ activities: found, totalCount: found.length, isValidRequest: true });
  });
  return fake;
}
