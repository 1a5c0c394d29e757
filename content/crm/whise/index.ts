/** Whise: listed by its changes (and once a day every id, as it has no call for deleted estates), takes leads, checks owners' logins, gives their history, erases contacts. */
import type { CrmAdapter } from '../adapter.ts';
import { eraseInWhise } from './erase.ts';
import { toWhise } from './leads.ts';
import { whiseOwner, whiseOwnerFigures } from './owners.ts';
import { pullWhise } from './pull.ts';

export const whise: CrmAdapter = {
  // Whise has no call for deleted estates: once a UTC day every id it still lists is read.
  pull: (settings, context, fetcher) => pullWhise(settings, context.since, context.reconciledOn !== context.now.toISOString().slice(0, 10), fetcher, context.now, context.budget),
  leads: toWhise,
  ownerLogin: whiseOwner,
  ownerFigures: whiseOwnerFigures,
  eraseContacts: eraseInWhise,
};
