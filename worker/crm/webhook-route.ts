/**
 * `POST /crm/webhook`: where a CRM that pushes its listings announces them. Nothing
 * unsigned, stale or replayed is kept: a missing or wrong signature is 401, an announcement
 * older than the window 401, the same signed body a second time 409. An accepted one is
 * stored for the scheduled pull, which reads the estate from the CRM and publishes it through
 * the same guard as every pull (202). Without a CRM that pushes, the door does not exist (404).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { configuredFor } from './configured.ts';
import { signedBy, WEBHOOK_WINDOW_MINUTES } from './webhook-signature.ts';

export const crmWebhook = new Hono<AppEnv>();

crmWebhook.post('/crm/webhook', async (c) => {
  const crm = configuredFor(c.env, 'push');
  if (!crm?.settings.password) return c.json({ error: 'not-found' }, 404);
  const body = await c.req.text();
  if (!(await signedBy(crm.settings.password, body, c.req.header(crm.does.webhook.header)))) return c.json({ error: 'not-signed' }, 401);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return c.json({ error: 'not-json' }, 400);
  }
  const announcement = crm.does.webhook.read(parsed);
  if (!announcement) return c.json({ error: 'not-an-announcement' }, 400);
  const now = Date.now();
  // A signed announcement is good for a few minutes: one caught and sent again later is refused.
  if (Math.abs(now - Date.parse(announcement.at)) > WEBHOOK_WINDOW_MINUTES * 60_000) return c.json({ error: 'stale' }, 401);
  const stored = await c.env.DB.prepare('INSERT INTO crm_webhooks (signature, estate_ref, event, happened_at, received_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (signature) DO NOTHING')
    .bind(
      c.req
        .header(crm.does.webhook.header)
        ?.replace(/^sha256=/i, '')
        .trim()
        .toLowerCase(),
      announcement.ref,
      announcement.event,
      announcement.at,
      new Date(now).toISOString(),
    )
    .run();
  if (stored.meta.changes !== 1) return c.json({ error: 'replayed' }, 409);
  return c.json({ status: 'accepted' }, 202);
});
