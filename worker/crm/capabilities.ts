/**
 * What each CRM the site speaks to can do for it, in one table the operator's docs show
 * (docs/operations.md, checked against this by a test). A capability a CRM lacks is done
 * another way: visit slots from the agency's published calendar or `npm run slots`, owners'
 * figures from `npm run owners -- import`. A new adapter says what it can do here, or this
 * does not compile.
 */
import type { AdapterName } from '../../content/crm-feeds.ts';
import { LEAD_SENDERS } from './lead-senders.ts';
import { OWNER_LOGINS } from './owner-login.ts';
import { CRM_AGENDAS } from './agendas.ts';
import { OWNER_FIGURES } from './owner-figures.ts';

export const CAPABILITIES = {
  pullListings: 'pull listings',
  sendLeads: 'receive a lead',
  registerDemands: 'register a demand',
  readSlots: 'read visit slots',
  bookSlots: 'book a slot',
  ownerLogin: "check an owner's login",
  ownerFigures: "read an owner's properties and figures",
} as const;

export type Capability = keyof typeof CAPABILITIES;

const leads = (adapter: AdapterName) => LEAD_SENDERS[adapter] !== null;
const logins = (adapter: AdapterName) => OWNER_LOGINS[adapter] !== null;
const agendas = (adapter: AdapterName) => CRM_AGENDAS[adapter] !== null;
const figures = (adapter: AdapterName) => OWNER_FIGURES[adapter] !== null;

export const CRM_CAPABILITIES: { [A in AdapterName]: Record<Capability, boolean> } = {
  feed: {
    pullListings: true,
    sendLeads: leads('feed'),
    registerDemands: leads('feed'),
    readSlots: agendas('feed'),
    bookSlots: agendas('feed') && leads('feed'),
    ownerLogin: logins('feed'),
    ownerFigures: figures('feed'),
  },
  omnicasa: {
    pullListings: true,
    sendLeads: leads('omnicasa'),
    registerDemands: leads('omnicasa'),
    readSlots: agendas('omnicasa'),
    bookSlots: agendas('omnicasa') && leads('omnicasa'),
    ownerLogin: logins('omnicasa'),
    ownerFigures: figures('omnicasa'),
  },
  whise: {
    pullListings: true,
    sendLeads: leads('whise'),
    registerDemands: leads('whise'),
    readSlots: agendas('whise'),
    bookSlots: agendas('whise') && leads('whise'),
    ownerLogin: logins('whise'),
    ownerFigures: figures('whise'),
  },
};
