/** A plain-text mail as raw MIME: UTF-8 body in base64, subject as an RFC 2047 word. */

export function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** RFC 2047 header words keep accents intact in every mail client. */
export function encodedWord(text: string): string {
  return `=?UTF-8?B?${base64(text)}?=`;
}

export function plainMessage(from: string, to: string, subject: string, id: string, body: string, replyTo?: string): string {
  return [
    `From: ${from}`,
    `To: ${to}`,
    ...(replyTo ? [`Reply-To: ${replyTo}`] : []),
    `Subject: ${encodedWord(subject)}`,
    `Message-ID: <${id}@vitrine>`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64(body).replace(/.{76}/g, '$&\r\n'),
  ].join('\r\n');
}
