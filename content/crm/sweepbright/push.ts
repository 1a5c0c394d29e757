/**
 * SweepBright pushes: it calls the site's webhook when an estate is published, changed or
 * taken off, signing the raw body (`X-Hook-Signature`); the announcement names the estate
 * only, and what is published is what SweepBright answers when the pull asks for it. After
 * a publish the site tells it where each estate is shown (`PUT estates/{id}/url`), so the
 * agent's listing links to it.
 */
import * as z from 'zod';
import type { Fetcher } from '../../crm-bounds.ts';
import type { ListingWebhook } from '../adapter.ts';
import type { CrmSettings } from '../pull.ts';
import { sweepbrightCall, sweepbrightToken } from './api.ts';
import { SWEEPBRIGHT_EVENTS } from './pull.ts';

const SweepBrightAnnouncement = z.object({
  estate_id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
  event: z.enum(SWEEPBRIGHT_EVENTS),
  happened_at: z.iso.datetime({ offset: true }),
});

export const sweepbrightWebhook: ListingWebhook = {
  header: 'X-Hook-Signature',
  read(body) {
    const read = SweepBrightAnnouncement.safeParse(body);
    return read.success ? { ref: read.data.estate_id, event: read.data.event, at: new Date(read.data.happened_at).toISOString() } : null;
  },
};

/** Tells the CRM each announced estate's address on the site; a failure is logged, and the next announcement reports again. */
export async function reportAddresses(settings: CrmSettings, fetcher: Fetcher, estates: readonly { ref: string; url: string }[]): Promise<number> {
  if (estates.length === 0) return 0;
  let reported = 0;
  try {
    const token = await sweepbrightToken(settings, fetcher);
    for (const estate of estates) {
      await sweepbrightCall(settings, fetcher, token, 'PUT', `estates/${encodeURIComponent(estate.ref)}/url`, { url: estate.url });
      reported += 1;
    }
  } catch (error) {
    console.error('listing addresses not reported to the CRM', error instanceof Error ? error.message : error);
  }
  return reported;
}
