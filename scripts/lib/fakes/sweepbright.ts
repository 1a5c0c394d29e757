/**
 * A fake SweepBright Website API, as its public client shows it (fw4-bvba/sweepbright-api):
 * an OAuth client-credentials token from `oauth/token`, then, with the API's media type in
 * Accept and the token, `GET estates/{id}` (404 for an estate it does not know),
 * `PUT estates/{id}/url`, `POST contacts` with preferences and `POST estates/{id}/contacts`.
 * It refuses a property the API does not name with 422 (the client's validation errors), a
 * missing token with 401, a missing media type with 406, and can be down (502), fail (500) or
 * answer HTML. `announce` writes the webhook SweepBright would send, signed with the
 * client secret; the tests and `npm run fake:crm -- --sweepbright` use it.
 */
import { Hono } from 'hono';

const ACCEPT = 'application/vnd.sweepbright.v20190920+json';
/** The smallest JPEG a photo host could answer: start of image, end of image. */
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);
const CONTACT = ['first_name', 'last_name', 'email', 'phone', 'message', 'locale'];
const PREFERENCES = ['negotiation', 'types', 'max_price', 'min_price', 'min_rooms'];
const LOCATION = ['country', 'postal_codes'];

export interface FakeSweepBright {
  app: Hono;
  /** The estates it publishes, by id, as `GET estates/{id}` answers them. */
  estates: Record<string, Record<string, unknown>>;
  /** Photo downloads it served (its photos' host, like SweepBright's S3 bucket, needs no token). */
  photoReads: number;
  /** Every call it accepted after the token: method, path and body. */
  calls: { method: string; path: string; body: Record<string, unknown> | null }[];
  state: 'up' | 'down' | 'error' | 'html';
  /** The webhook SweepBright sends for an estate: its body and the `X-Hook-Signature` over it. */
  announce(event: string, estateId: string, at?: Date): Promise<{ body: string; signature: string }>;
}

/** An estate as `GET estates/{id}` answers it, with what a test changes laid over it. */
export function sweepbrightEstate(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    is_project: false,
    project_id: null,
    type: 'house',
    sub_type: 'villa',
    negotiation: 'sale',
    status: 'available',
    publish_status: 'public',
    images: [
      {
        id: `${id}-1`,
        filename: 'image0.jpg',
        description: '',
        url: `https://photos.sweepbright.fake/images/${id}-1.jpg?X-Amz-Expires=604800`,
        url_expires_on: '2027-01-01T00:00:00+00:00',
        ordinal: 1,
      },
    ],
    bedrooms: 3,
    bathrooms: 1,
    toilets: 2,
    sizes: { liveable_area: { size: 165, unit: 'sq_m' }, plot_area: { size: 640, unit: 'sq_m' } },
    epc_value: 212,
    epc_category: 'c',
    description_title: { fr: 'Villa lumineuse à Bouge', nl: 'Lichtrijke villa in Bouge' },
    description: { fr: 'Villa de 2004 sur 6 ares, jardin plein sud.', nl: 'Villa uit 2004 op 6 are, tuin op het zuiden.' },
    location: {
      street: 'Rue de la Pépinière',
      number: '12',
      box: '',
      postal_code: '5004',
      city: 'Bouge',
      country: 'BE',
      hidden: false,
      geo: { latitude: 50.4801, longitude: 4.8902 },
    },
    price: { amount: 395000, currency: 'EUR', hidden: false },
    settings: { reference: 'SB-0412' },
    vendors: [],
    buyers: [],
    ...overrides,
  };
}

async function sign(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return Buffer.from(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body))).toString('hex');
}

export function fakeSweepBright(client = { id: 'agency-client', secret: 'agency-secret' }, photo: Uint8Array = JPEG): FakeSweepBright {
  const fake: FakeSweepBright = {
    app: new Hono(),
    estates: {},
    calls: [],
    photoReads: 0,
    state: 'up',
    async announce(event, estateId, at = new Date()) {
      const body = JSON.stringify({ event, estate_id: estateId, company_id: 'company-1', happened_at: at.toISOString() });
      return { body, signature: await sign(client.secret, body) };
    },
  };
  fake.app.use('*', async (c, next) => {
    if (fake.state === 'down') return c.text('Bad Gateway', 502);
    if (fake.state === 'error') return c.text('Internal Server Error', 500);
    if (fake.state === 'html') return c.html('<html><body>Maintenance</body></html>');
    // The photos' host answers anyone holding the (expiring) address.
    if (c.req.path.startsWith('/images/')) {
      fake.photoReads += 1;
      return c.body(photo.slice().buffer, 200, { 'Content-Type': 'image/jpeg' });
    }
    if (c.req.header('Accept') !== ACCEPT) return c.json({ message: 'Not Acceptable' }, 406);
    await next();
  });
  fake.app.post('/oauth/token', async (c) => {
    const body = await c.req.json<Record<string, unknown>>().catch(() => ({}) as Record<string, unknown>);
    if (body.grant_type !== 'client_credentials' || body.client_id !== client.id || body.client_secret !== client.secret) return c.json({ error: 'invalid_client' }, 401);
    return c.json({ access_token: 'sweepbright-token', token_type: 'Bearer', expires_in: 3600 });
  });
  fake.app.use('/estates/*', async (c, next) => {
    if (c.req.header('Authorization') !== 'Bearer sweepbright-token') return c.json({ message: 'Unauthenticated.' }, 401);
    await next();
  });
  fake.app.use('/contacts', async (c, next) => {
    if (c.req.header('Authorization') !== 'Bearer sweepbright-token') return c.json({ message: 'Unauthenticated.' }, 401);
    await next();
  });
  const invalid = (body: Record<string, unknown>, allowed: string[]) => Object.keys(body).filter((key) => !allowed.includes(key));
  fake.app.get('/estates/:id', (c) => {
    const estate = fake.estates[c.req.param('id')];
    fake.calls.push({ method: 'GET', path: `estates/${c.req.param('id')}`, body: null });
    return estate ? c.json(estate) : c.json({ message: 'Not found' }, 404);
  });
  fake.app.put('/estates/:id/url', async (c) => {
    const body = await c.req.json<Record<string, unknown>>();
    const wrong = invalid(body, ['url']);
    if (wrong.length > 0 || typeof body.url !== 'string')
      return c.json({ message: 'The given data was invalid.', errors: Object.fromEntries((wrong.length ? wrong : ['url']).map((k) => [k, ['invalid']])) }, 422);
    if (!fake.estates[c.req.param('id')]) return c.json({ message: 'Not found' }, 404);
    fake.calls.push({ method: 'PUT', path: `estates/${c.req.param('id')}/url`, body });
    return c.body(null, 204);
  });
  fake.app.post('/estates/:id/contacts', async (c) => {
    const body = await c.req.json<Record<string, unknown>>();
    const wrong = invalid(body, CONTACT);
    if (wrong.length > 0 || typeof body.email !== 'string') return c.json({ message: 'The given data was invalid.', errors: Object.fromEntries(wrong.map((k) => [k, ['not allowed']])) }, 422);
    if (!fake.estates[c.req.param('id')]) return c.json({ message: 'Not found' }, 404);
    fake.calls.push({ method: 'POST', path: `estates/${c.req.param('id')}/contacts`, body });
    return c.body(null, 204);
  });
  fake.app.post('/contacts', async (c) => {
    const body = await c.req.json<Record<string, unknown>>();
    const preferences = (body.preferences ?? {}) as Record<string, unknown>;
    const location = (body.location_preference ?? {}) as Record<string, unknown>;
    const wrong = [...invalid(body, [...CONTACT, 'preferences', 'location_preference']), ...invalid(preferences, PREFERENCES), ...invalid(location, LOCATION)];
    if (wrong.length > 0 || typeof body.email !== 'string') return c.json({ message: 'The given data was invalid.', errors: Object.fromEntries(wrong.map((k) => [k, ['not allowed']])) }, 422);
    fake.calls.push({ method: 'POST', path: 'contacts', body });
    return c.body(null, 204);
  });
  return fake;
}
