/**
 * CRMs that push their listings to the site instead of being pulled: SweepBright calls the
 * site's webhook when an estate is published, changed or taken off. A webhook is trusted
 * only when it is signed with the CRM client's secret (CRM_PASSWORD) and recent: the
 * signature is an HMAC-SHA256 of the raw body in `X-Hook-Signature` (hex), checked in
 * constant time, and its `happened_at` must be within WEBHOOK_WINDOW_MINUTES of now. The
 * same signed body sent twice is refused as a replay (worker/crm/webhook-route.ts).
 * An announcement only names an estate: what is published is what the CRM itself answers
 * when the pull asks for it.
 */
import * as z from 'zod';
import type { AdapterName } from '../../content/crm-feeds.ts';
import { SWEEPBRIGHT_EVENTS, type SweepBrightEvent } from '../../content/sweepbright.ts';

export const WEBHOOK_WINDOW_MINUTES = 5;

export interface Announcement {
  ref: string;
  event: SweepBrightEvent;
  at: string;
}

export interface ListingWebhook {
  /** The header carrying the signature. */
  header: string;
  /** The announcement in a body already verified, or null for a body the site does not read. */
  read(body: unknown): Announcement | null;
}

const SweepBrightAnnouncement = z.object({
  estate_id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
  event: z.enum(SWEEPBRIGHT_EVENTS),
  happened_at: z.iso.datetime({ offset: true }),
});

const sweepbright: ListingWebhook = {
  header: 'X-Hook-Signature',
  read(body) {
    const read = SweepBrightAnnouncement.safeParse(body);
    return read.success ? { ref: read.data.estate_id, event: read.data.event, at: new Date(read.data.happened_at).toISOString() } : null;
  },
};

/** Which CRM pushes its listings by webhook: a new adapter says here whether it does, or this does not compile. */
export const LISTING_WEBHOOKS: { [A in AdapterName]: ListingWebhook | null } = {
  feed: null,
  omnicasa: null,
  whise: null,
  sweepbright,
};

const hex = (text: string): Uint8Array<ArrayBuffer> | null => {
  if (!/^(?:[0-9a-f]{2}){32}$/i.test(text)) return null;
  return Uint8Array.from(text.match(/../g) ?? [], (byte) => parseInt(byte, 16));
};

/** Whether `signature` is the HMAC-SHA256 of `body` under `secret`, compared in constant time by WebCrypto. */
export async function signedBy(secret: string, body: string, signature: string | undefined): Promise<boolean> {
  const expected = hex((signature ?? '').replace(/^sha256=/i, '').trim());
  if (!expected || secret === '') return false;
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  return crypto.subtle.verify('HMAC', key, expected, new TextEncoder().encode(body));
}

/** The signature a CRM puts on `body`: for the fakes and the operator's test request. */
export async function signature(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return [...new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)))].map((b) => b.toString(16).padStart(2, '0')).join('');
}
