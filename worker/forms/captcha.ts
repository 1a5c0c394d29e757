/**
 * Cloudflare Turnstile. Without a secret (local runs) captcha is off and the honeypot and
 * rate limits still apply; with one it fails closed: an error or a slow answer rejects.
 */
export type CaptchaResult = 'ok' | 'missing' | 'invalid';

const SITEVERIFY = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
const TIMEOUT_MS = 3000;

export async function verifyCaptcha(secret: string | undefined, token: unknown, ip: string, fetcher: typeof fetch = fetch): Promise<CaptchaResult> {
  if (!secret) return 'ok';
  if (typeof token !== 'string' || token === '') return 'missing';
  try {
    const response = await fetcher(SITEVERIFY, {
      method: 'POST',
      body: new URLSearchParams({ secret, response: token, remoteip: ip }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return 'invalid';
    const result: unknown = await response.json();
    return typeof result === 'object' && result !== null && 'success' in result && result.success === true ? 'ok' : 'invalid';
  } catch {
    return 'invalid';
  }
}
