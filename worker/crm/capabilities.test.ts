import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AdapterName } from '../../content/crm-feeds.ts';
import { LEAD_SENDERS } from './lead-senders.ts';
import { OWNER_LOGINS } from './owner-login.ts';
import { CRM_AGENDAS } from './agendas.ts';
import { OWNER_FIGURES } from './owner-figures.ts';
import { LISTING_WEBHOOKS } from './listing-webhooks.ts';
import { CONTACT_ERASERS } from './contact-erasers.ts';

/**
 * What each CRM the site speaks to can do for it, in one table the operator's docs show
 * (docs/operations.md, checked against this by a test). A capability a CRM lacks is done
 * another way: visit slots from the agency's published calendar or `npm run slots`, owners'
 * figures from `npm run owners -- import`. A new adapter says what it can do here, or this
 * does not compile.
 */

const CAPABILITIES = {
  pullListings: 'pull listings',
  receiveListings: 'receive listings by webhook',
  sendLeads: 'receive a lead',
  registerDemands: 'register a demand',
  readSlots: 'read visit slots',
  bookSlots: 'book a slot',
  ownerLogin: "check an owner's login",
  ownerFigures: "read an owner's properties and figures",
  reportAddress: "report a listing's address",
  eraseContacts: "erase a visitor's contacts",
} as const;

type Capability = keyof typeof CAPABILITIES;

/** What one adapter can do, read from the tables each capability keeps: nothing here to keep in step by hand. */
function capabilitiesOf(adapter: AdapterName): Record<Capability, boolean> {
  const leads = LEAD_SENDERS[adapter] !== null;
  const agendas = CRM_AGENDAS[adapter] !== null;
  const pushes = LISTING_WEBHOOKS[adapter] !== null;
  return {
    pullListings: !pushes,
    receiveListings: pushes,
    sendLeads: leads,
    registerDemands: leads,
    readSlots: agendas,
    bookSlots: agendas && leads,
    ownerLogin: OWNER_LOGINS[adapter] !== null,
    ownerFigures: OWNER_FIGURES[adapter] !== null,
    // A pushing CRM is told each listing's address after every publish of it.
    reportAddress: pushes,
    eraseContacts: CONTACT_ERASERS[adapter] !== null,
  };
}

const CRM_CAPABILITIES: { [A in AdapterName]: Record<Capability, boolean> } = {
  feed: capabilitiesOf('feed'),
  omnicasa: capabilitiesOf('omnicasa'),
  whise: capabilitiesOf('whise'),
  sweepbright: capabilitiesOf('sweepbright'),
};

describe('the CRM capabilities the operator reads', () => {
  const doc = readFileSync('docs/operations.md', 'utf8');
  it.each(Object.entries(CRM_CAPABILITIES))('docs/operations.md says what %s does, as the code does', (adapter, can) => {
    const header = `| CRM | ${Object.values(CAPABILITIES).join(' | ')} |`;
    expect(doc).toContain(header);
    const row = `| ${adapter} | ${(Object.keys(CAPABILITIES) as Capability[]).map((c) => (can[c] ? 'yes' : 'no')).join(' | ')} |`;
    expect(doc).toContain(row);
  });
});
