import { describe, expect, it } from 'vitest';
import { redactTokens } from './redact.ts';

const T = 'k3J9sLq0-Zx_8aBcDeFgHiJkLmNoPqRsT';

describe('redactTokens', () => {
  it.each([
    [
      'a reset link and its pasted code',
      `https://x.be/fr/proprietaires/reinitialiser/#token=${T}\r\n\r\nCode:\r\n${T}`,
      'https://x.be/fr/proprietaires/reinitialiser/#token=[redacted]\r\n\r\nCode:\r\n[redacted]',
    ],
    ['a newsletter confirmation', `https://x.be/newsletter/confirm/${'ab12'.repeat(8)}/`, 'https://x.be/newsletter/confirm/[redacted]/'],
    ['an alert confirmation', `https://x.be/alerts/confirm/${T}/`, 'https://x.be/alerts/confirm/[redacted]/'],
    ['a manage link', `https://x.be/alerts/manage/${T}/`, 'https://x.be/alerts/manage/[redacted]/'],
    ['an unsubscribe link', `<https://x.be/alerts/unsubscribe/${T}/>`, '<https://x.be/alerts/unsubscribe/[redacted]/>'],
    ['a visit cancel link and calendar file', `https://x.be/visits/${T}/cancel/ https://x.be/visits/${T}/visit.ics`, 'https://x.be/visits/[redacted]/cancel/ https://x.be/visits/[redacted]/visit.ics'],
    ['a property link: nothing secret', 'https://x.be/fr/a-vendre/ciney/maison-mitoyenne/2071/', 'https://x.be/fr/a-vendre/ciney/maison-mitoyenne/2071/'],
  ])('%s', (_what, text, expected) => {
    expect(redactTokens({ text }).text).toBe(expected);
  });

  it('removes a token found in one part from every part', () => {
    const parts = redactTokens({
      text: `https://x.be/alerts/manage/${T}/`,
      html: `<a href="https://x.be/alerts/manage/${T}/">${T}</a>`,
      headers: JSON.stringify({ 'List-Unsubscribe': `<https://x.be/alerts/unsubscribe/${T}/>` }),
    });
    expect(Object.values(parts).join('\n')).not.toContain(T);
  });
});
