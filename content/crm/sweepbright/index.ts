/** SweepBright: pushes its listings by webhook (it cannot be listed) and is told where each is shown; takes leads. */
import type { CrmAdapter } from '../adapter.ts';
import { toSweepBright } from './leads.ts';
import { pullSweepBright } from './pull.ts';
import { reportAddresses, sweepbrightWebhook } from './push.ts';

export const sweepbright: CrmAdapter = {
  // It cannot be listed: it announces each estate by webhook, and the pull reads those.
  pull: async (settings, context, fetcher) => ({ kind: 'changes', ...(await pullSweepBright(settings, context.announced ?? [], fetcher)), ids: null }),
  leads: toSweepBright,
  push: { webhook: sweepbrightWebhook, reportAddresses },
};
