/**
 * The portal's data as JSON (the owner's properties and one property's statistics), and
 * the beacon that counts property views made by client-side navigation.
 */
import { Hono, type Context } from 'hono';
import { isLang } from '../../domain/lang.ts';
import type { AppEnv } from '../env.ts';
import { ContentRepository } from '../live/repository.ts';
import { ownedPropertyIds } from './store.ts';
import { currentSession, type Session } from './session.ts';
import { portalView } from './stats.ts';
import { refreshOwnerFromCrm } from './crm-figures.ts';
import { brusselsDay } from './calendar.ts';
import { isCountable, later, propertyOfPath, recordPageView } from './page-views.ts';
import { clientAddress } from '../security/rate-limit.ts';
import { validated } from '../validated.ts';
import * as z from 'zod/mini';
import { json } from './pages.ts';

export const ownerApi = new Hono<AppEnv>();

/** The language the portal's data is named in; any other value is the site's default. */
const portalQuery = validated('query', z.object({ lang: z.optional(z.string().check(z.maxLength(8))) }), (c) => json(c, { error: 'bad-request' }, 400));

/** The owner's properties with their visit counts. */
ownerApi.get('/api/owner/properties', portalQuery, async (c) => {
  const session = await currentSession(c);
  if (!session) return json(c, { error: 'not-logged-in' }, 401);
  const data = await apiPortal(c, session, null, c.req.valid('query').lang);
  return json(c, data ? { properties: data.properties } : { error: 'not-found' }, data ? 200 : 404, [session.renewal]);
});

/** One property's statistics; another owner's property is not found, like one that does not exist. */
ownerApi.get(
  '/api/owner/properties/:id',
  validated('param', z.object({ id: z.coerce.number().check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER)) }), (c) => json(c, { error: 'not-found' }, 404)),
  portalQuery,
  async (c) => {
    const session = await currentSession(c);
    if (!session) return json(c, { error: 'not-logged-in' }, 401);
    const data = await apiPortal(c, session, c.req.valid('param').id, c.req.valid('query').lang);
    if (!data) return json(c, { error: 'not-found' }, 404, [session.renewal]);
    return json(c, data, 200, [session.renewal]);
  },
);

async function apiPortal(c: Context<AppEnv>, session: Session, propertyId: number | null, asked: string | undefined) {
  const figures = await refreshOwnerFromCrm(c.env, session.owner, new Date());
  const owned = await ownedPropertyIds(c.env.DB, session.owner.id);
  if (propertyId !== null && !owned.includes(propertyId)) return null;
  const repo = await ContentRepository.open(c.env.CONTENT);
  const routing = await repo.routing();
  const lang = isLang(asked) && routing.languages.includes(asked) ? asked : routing.defaultLang;
  return portalView(c.env.DB, {
    ownerId: session.owner.id,
    ownerName: session.owner.name || session.owner.username,
    owned,
    selected: propertyId,
    cards: await repo.listing(lang),
    today: brusselsDay(),
    notesLang: routing.defaultLang,
    figures,
  });
}

/**
 * A property page shown by client-side navigation (no request for its HTML): the page
 * sends its path. Counted like a rendered page, after the answer, if the path is a
 * published property's.
 */
ownerApi.post('/api/visits', async (c) => {
  // A bot is simply not counted (a cross-site post never gets here).
  if (!isCountable(c.req.raw.headers)) return c.body(null, 204);
  const path = (await c.req.text().catch(() => '')).slice(0, 512);
  const property = propertyOfPath(path);
  if (!property) return c.body(null, 204);
  const ip = clientAddress(c);
  later(
    c,
    (async () => {
      const repo = await ContentRepository.open(c.env.CONTENT);
      const card = (await repo.listing(property.lang)).find((p) => p.id === property.id);
      if (card?.path === path) await recordPageView(c.env.DB, { propertyId: property.id, lang: property.lang, ip });
    })(),
  );
  return c.body(null, 204);
});
