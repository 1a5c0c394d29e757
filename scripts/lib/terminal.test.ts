import { describe, expect, it } from 'vitest';
import { forTerminal } from './terminal.ts';

describe('forTerminal', () => {
  it.each([
    ['Très bien, merci !', 'Très bien, merci !'],
    ['\u001b[2K\u001b[1Aapproved', '\\u001b[2K\\u001b[1Aapproved'],
    ['\u001b]0;pwned\u0007title', '\\u001b]0;pwned\\u0007title'],
    ['line\nbreak\r', 'line\\u000abreak\\u000d'],
    ['\u009b31m C1 CSI', '\\u009b31m C1 CSI'],
    ['abc\u202etxt.exe', 'abc\\u202etxt.exe'],
    ['\u0000nul', '\\u0000nul'],
  ])('%j is printed as %j', (text, shown) => {
    expect(forTerminal(text)).toBe(shown);
  });
});
