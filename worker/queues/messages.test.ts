import { describe, expect, it } from 'vitest';
import { readMessage, WarmMessage, type QueueBindings } from './messages.ts';

describe('the queues carry only their messages', () => {
  it('reads each kind back, and nothing else', () => {
    expect(readMessage({ leadId: 'abc' })).toEqual({ kind: 'lead', body: { leadId: 'abc' } });
    expect(readMessage({ alertMail: { alertId: 7 } })?.kind).toBe('alertMail');
    expect(readMessage({ leadID: 'abc' })).toBeNull();
    expect(readMessage({ alertMail: { alertId: '7' } })).toBeNull();
  });

  it('a page to warm is a path on this site', () => {
    expect(WarmMessage.safeParse({ version: 'v1', path: '/fr/' }).success).toBe(true);
    expect(WarmMessage.safeParse({ version: 'v1', path: 'https://elsewhere.example/' }).success).toBe(false);
    // Protocol-relative: another host to the URL parser.
    expect(WarmMessage.safeParse({ version: 'v1', path: '//elsewhere.example/' }).success).toBe(false);
  });
});

// Checked by the compiler (npm run typecheck), never run: a producer cannot send what no consumer reads.
export function producerTypes(queues: QueueBindings): void {
  void queues.NOTIFY.send({ leadId: 'abc' });
  // @ts-expect-error a misspelt field is no message of the notification queue
  void queues.NOTIFY.send({ leadID: 'abc' });
  // @ts-expect-error a warming message is not a notification
  void queues.NOTIFY.send({ version: 'v1', path: '/fr/' });
  // @ts-expect-error a notification is not a page to warm
  void queues.WARM.send({ leadId: 'abc' });
}
