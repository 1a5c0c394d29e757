import { describe, expect, it } from 'vitest';
import { signature, signedBy } from './webhook-signature.ts';
import { sweepbrightWebhook } from '../../content/crm/sweepbright/push.ts';

const BODY = '{"event":"estate-added","estate_id":"e-1","happened_at":"2026-11-27T10:00:00Z"}';

describe('a listing webhook is trusted only when signed with the client secret', () => {
  it.each([
    ['its own signature', async () => signature('secret', BODY), BODY, true],
    ['with the sha256= prefix', async () => `sha256=${await signature('secret', BODY)}`, BODY, true],
    ['in capitals', async () => (await signature('secret', BODY)).toUpperCase(), BODY, true],
    ['another secret', async () => signature('guessed', BODY), BODY, false],
    ['a body changed after signing', async () => signature('secret', BODY), BODY.replace('added', 'deleted'), false],
    ['no signature', async () => '', BODY, false],
    ['not hex', async () => 'z'.repeat(64), BODY, false],
    ['too short', async () => (await signature('secret', BODY)).slice(0, 40), BODY, false],
  ])('%s', async (_what, sign, body, trusted) => {
    expect(await signedBy('secret', body, await sign())).toBe(trusted);
  });

  it('an empty secret trusts nothing', async () => {
    expect(await signedBy('', BODY, await signature('any', BODY))).toBe(false);
  });
});

describe('SweepBright’s announcement', () => {
  const read = (body: unknown) => sweepbrightWebhook.read(body);
  it.each([
    ['an estate added', { event: 'estate-added', estate_id: 'e-1', happened_at: '2026-11-27T10:00:00+01:00' }, { ref: 'e-1', event: 'estate-added', at: '2026-11-27T09:00:00.000Z' }],
    ['an unknown event', { event: 'estate-sold', estate_id: 'e-1', happened_at: '2026-11-27T10:00:00Z' }, null],
    ['an id with a path in it', { event: 'estate-added', estate_id: '../../oauth/token', happened_at: '2026-11-27T10:00:00Z' }, null],
    ['no time', { event: 'estate-added', estate_id: 'e-1' }, null],
  ])('%s', (_what, body, expected) => {
    expect(read(body)).toEqual(expected);
  });
});
