/** Omnicasa: listed by its changes, takes leads and bookings, keeps the agents' agendas, checks owners' logins and gives their figures. */
import type { CrmAdapter } from '../adapter.ts';
import { omnicasaAgenda } from './agenda.ts';
import { toOmnicasa } from './leads.ts';
import { omnicasaOwner, omnicasaOwnerFigures } from './owners.ts';
import { pullOmnicasa } from './pull.ts';

export const omnicasa: CrmAdapter = {
  pull: (settings, context, fetcher) => pullOmnicasa(settings, context.since, fetcher, context.budget),
  leads: toOmnicasa,
  agenda: omnicasaAgenda,
  ownerLogin: omnicasaOwner,
  ownerFigures: omnicasaOwnerFigures,
};
