/**
 * What the delivery log keeps of a mail: everything but its secrets. A link token in the
 * log (reset, confirm, manage, cancel, unsubscribe) would hand whoever reads the log, or a
 * leak of it, the power the mail gave its recipient, for the 90 days the log is kept.
 * Tokens are found by the link shapes that carry them, then every occurrence of each is
 * replaced, so a token also shown as a code to paste is gone as well.
 */
const TOKEN_LINKS = [/\/(?:newsletter\/(?:confirm|unsubscribe)|alerts\/(?:confirm|manage|unsubscribe)|visits)\/([A-Za-z0-9_-]{16,})/g, /[#?&;]token=([A-Za-z0-9_.~%-]{16,})/g];

export const REDACTED = '[redacted]';

/** Each part with every link token replaced by `[redacted]`. */
export function redactTokens<T extends Record<string, string>>(parts: T): T {
  const found = new Set<string>();
  for (const value of Object.values(parts)) for (const pattern of TOKEN_LINKS) for (const match of value.matchAll(pattern)) if (match[1]) found.add(match[1]);
  if (found.size === 0) return parts;
  const tokens = [...found].sort((a, b) => b.length - a.length);
  const redact = (value: string) => tokens.reduce((text, token) => text.split(token).join(REDACTED), value);
  return Object.fromEntries(Object.entries(parts).map(([key, value]) => [key, redact(value)])) as T;
}
