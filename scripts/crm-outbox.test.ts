import { describe, expect, it } from 'vitest';
import { pushLine } from './crm-outbox.ts';

const now = new Date('2026-11-27T12:00:00Z');
const row = { lead_id: 'l1', kind: 'contact-me', state: 'failed', tries: 3, last_error: 'Omnicasa ContactOnMe answered 502', created_at: '2026-11-27T10:00:00Z', tried_at: null };

describe('npm run crm:outbox', () => {
  it.each([
    ['a push of today is still retried by the sweep', row, /retrying\n {4}Omnicasa ContactOnMe answered 502$/],
    ['after 72 hours only the operator retries it', { ...row, created_at: '2026-11-23T10:00:00Z' }, /given up/],
    ['one never tried says so', { ...row, tries: 0, last_error: null }, /not tried yet$/],
  ])('%s', (_name, pending, expected) => {
    expect(pushLine(pending, now)).toMatch(expected);
  });

  it('a CRM’s answer cannot drive the terminal', () => {
    expect(pushLine({ ...row, last_error: 'boom \u001b[2J\u001b]0;owned\u0007' }, now)).not.toMatch(/\u001b/);
  });
});
