/**
 * CRMs that push their listings to the site instead of being pulled call the site's webhook
 * when a listing is published, changed or taken off. A webhook is trusted
 * only when it is signed with the CRM client's secret (CRM_PASSWORD) and recent: the
 * signature is an HMAC-SHA256 of the raw body in the CRM's header (hex), checked in
 * constant time, and its moment must be within WEBHOOK_WINDOW_MINUTES of now. The
 * same signed body sent twice is refused as a replay (worker/crm/webhook-route.ts).
 * An announcement only names an estate: what is published is what the CRM itself answers
 * when the pull asks for it.
 */

export const WEBHOOK_WINDOW_MINUTES = 5;

const hex = (text: string): Uint8Array<ArrayBuffer> | null => {
  if (!/^(?:[0-9a-f]{2}){32}$/i.test(text)) return null;
  return Uint8Array.from(text.match(/../g) ?? [], (byte) => parseInt(byte, 16));
};

/** Whether `signature` is the HMAC-SHA256 of `body` under `secret`, compared in constant time by WebCrypto. */
export async function signedBy(secret: string, body: string, signature: string | undefined): Promise<boolean> {
  const expected = hex((signature ?? '').replace(/^sha256=/i, '').trim());
  if (!expected || secret === '') return false;
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  return crypto.subtle.verify('HMAC', key, expected, new TextEncoder().encode(body));
}

/** The signature a CRM puts on `body`: for the fakes and the operator's test request. */
export async function signature(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return [...new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)))].map((b) => b.toString(16).padStart(2, '0')).join('');
}
