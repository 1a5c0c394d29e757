import { describe, expect, it } from 'vitest';
import { leadProjectId, leadPropertyId, readStoredLead } from './stored-lead.ts';
import type { LeadRow } from './store.ts';

const row = (kind: LeadRow['kind'], payload: string): LeadRow => ({
  id: 'l1',
  kind,
  lang: 'fr',
  created_at: '2026-11-27T10:00:00Z',
  email: 'a@example.be',
  property_id: null,
  project_id: null,
  payload,
  notified_at: null,
  mail_pass: null,
});

const visit = { title: 'ms', firstName: 'Anne', lastName: 'Martin', email: 'a@example.be', phone: '0471 23 45 67', propertyId: 2046, slotId: 'p2046-2026-12-01T10' };

describe('a stored lead is read through its own form', () => {
  it.each([
    ['a visit request as posted', row('contact-appointment', JSON.stringify(visit)), { propertyId: 2046, projectId: null, readable: true }],
    [
      'a brochure request names its project',
      row('contact-construction', JSON.stringify({ ...visit, propertyId: undefined, slotId: undefined, projectId: 9001 })),
      { propertyId: null, projectId: 9001, readable: true },
    ],
    // A form that now asks for a field this old lead lacks: the lead is told apart, not half-read.
    ['a lead the form no longer reads', row('contact-appointment', JSON.stringify({ firstName: 'Anne', propertyId: 2046 })), { propertyId: null, projectId: null, readable: false }],
    ['a payload that is not JSON', row('site-contact', '{oops'), { propertyId: null, projectId: null, readable: false }],
  ])('%s', (_name, stored, expected) => {
    const lead = readStoredLead(stored);
    expect(lead.data !== null).toBe(expected.readable);
    expect(leadPropertyId(lead.data)).toBe(expected.propertyId);
    expect(leadProjectId(lead.data)).toBe(expected.projectId);
  });

  it('keeps every posted value for the agency when the form no longer reads the lead', () => {
    const lead = readStoredLead(row('contact-appointment', JSON.stringify({ firstName: 'Anne', note: 'old field' })));
    expect(lead.data).toBeNull();
    expect(lead.posted).toEqual({ firstName: 'Anne', note: 'old field' });
  });

  it('reads the uploads’ keys beside the values, and nothing else as a file', () => {
    const job = { title: 'mr', firstName: 'Jan', lastName: 'Peeters', email: 'j@example.be', phone: '0470 00 00 00' };
    expect(readStoredLead(row('job-application', JSON.stringify({ ...job, files: { cv: 'uploads/job/cv/abc' } }))).files).toEqual({ cv: 'uploads/job/cv/abc' });
    expect(readStoredLead(row('job-application', JSON.stringify({ ...job, files: { cv: 42 } }))).files).toEqual({});
  });

  it('trims and coerces as the form does: a stored id in text is a number', () => {
    const lead = readStoredLead(row('contact-me', JSON.stringify({ ...visit, slotId: undefined, propertyId: '2046', firstName: '  Anne ' })));
    expect(leadPropertyId(lead.data)).toBe(2046);
    expect(lead.data && 'firstName' in lead.data ? lead.data.firstName : null).toBe('Anne');
  });
});
