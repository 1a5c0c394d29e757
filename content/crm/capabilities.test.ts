import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CRM_ADAPTERS } from './adapters.ts';
import type { CrmAdapter } from './adapter.ts';

/**
 * What each CRM the site speaks to can do for it, in one table the operator's docs show
 * (docs/operations.md, checked against this by a test). A capability a CRM lacks is done
 * another way: visit slots from the agency's published calendar or `npm run slots`, owners'
 * figures from `npm run owners -- import`. What a CRM can do is read from its adapter object.
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

/** What one adapter can do, read from its own object: nothing here to keep in step by hand. */
function capabilitiesOf(adapter: CrmAdapter): Record<Capability, boolean> {
  const leads = adapter.leads !== undefined;
  const agendas = adapter.agenda !== undefined;
  const pushes = adapter.push !== undefined;
  return {
    pullListings: !pushes,
    receiveListings: pushes,
    sendLeads: leads,
    registerDemands: leads,
    readSlots: agendas,
    bookSlots: agendas && leads,
    ownerLogin: adapter.ownerLogin !== undefined,
    ownerFigures: adapter.ownerFigures !== undefined,
    // A pushing CRM is told each listing's address after every publish of it.
    reportAddress: pushes,
    eraseContacts: adapter.eraseContacts !== undefined,
  };
}

describe('the CRM capabilities the operator reads', () => {
  const doc = readFileSync('docs/operations.md', 'utf8');
  it.each(Object.entries(CRM_ADAPTERS))('docs/operations.md says what %s does, as the code does', (name, adapter) => {
    const can = capabilitiesOf(adapter);
    const header = `| CRM | ${Object.values(CAPABILITIES).join(' | ')} |`;
    expect(doc).toContain(header);
    const row = `| ${name} | ${(Object.keys(CAPABILITIES) as Capability[]).map((c) => (can[c] ? 'yes' : 'no')).join(' | ')} |`;
    expect(doc).toContain(row);
  });
});
