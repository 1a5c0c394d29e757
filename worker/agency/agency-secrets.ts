/**
 * Secrets per agency. The platform holds one of each secret (TOKEN_KEY, PASSWORD_PEPPER…);
 * an agency's is derived from it and the agency's id, so a token, a password hash or a
 * signed link made for one agency is worth nothing on another. The CRM credentials an agency
 * gives are sealed with PLATFORM_KEY (AES-GCM), so the table in KV never holds them in clear.
 */

const encoder = new TextEncoder();

function hex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The agency's own value of a platform secret: HMAC-SHA-256 of its id under the platform's. Empty stays empty (the feature stays off). */
export async function agencySecret(platformSecret: string | undefined, agency: string, purpose: string): Promise<string> {
  if (!platformSecret) return '';
  const key = await crypto.subtle.importKey('raw', encoder.encode(platformSecret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', key, encoder.encode(`vitrine agency secret\n${purpose}\n${agency}`)));
}

async function sealingKey(platformKey: string, agency: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(platformKey), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: encoder.encode('vitrine sealed settings'), info: encoder.encode(agency) }, material, { name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
}

/** Seals a value for one agency: only PLATFORM_KEY and that agency's id open it again. */
export async function sealSecret(platformKey: string, agency: string, value: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await sealingKey(platformKey, agency), encoder.encode(value)));
  return `v1.${base64url(iv)}.${base64url(sealed)}`;
}

/** The sealed value, or null when it was sealed for another agency, under another key, or altered. */
export async function openSecret(platformKey: string, agency: string, sealed: string): Promise<string | null> {
  const [format, iv, data] = sealed.split('.');
  if (format !== 'v1' || !iv || !data) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64url(iv) }, await sealingKey(platformKey, agency), fromBase64url(data));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
