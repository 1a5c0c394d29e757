/**
 * `npm run fake:crm -- --sweepbright`: the fake SweepBright on the loopback, with two estates
 * near Namur, announced to the site by signed webhook as soon as it answers. Every call the
 * site then makes (the estate read, its address reported, leads) is printed.
 */
import { createServer } from 'node:http';
import sharp from 'sharp';
import { fakeSweepBright, sweepbrightEstate } from './sweepbright.ts';
import { forTerminal } from '../terminal.ts';

const ESTATES = ['5b1d0c3e-2f4a-4e6b-8c7d-9e0f1a2b3c4d', '6c2e1d4f-3a5b-4f7c-9d8e-0f1a2b3c4d5e'];

export async function serveSweepBright(port: number, site: string): Promise<void> {
  // A photo worth looking at: the site resizes what it keeps.
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#8a9a7b' } })
    .composite([
      { input: Buffer.from('<svg width="1200" height="800"><rect x="300" y="300" width="600" height="380" fill="#e8e1d4"/><polygon points="260,320 600,120 940,320" fill="#9b4a2f"/></svg>') },
    ])
    .jpeg()
    .toBuffer();
  const fake = fakeSweepBright({ id: 'agency', secret: 'secret' }, new Uint8Array(photo));
  // Its photos on its own address, as SweepBright's are on its photo host.
  const images = (estate: string) => [{ id: `${estate}-1`, filename: 'facade.jpg', description: '', url: `http://127.0.0.1:${port}/images/${estate}-1.jpg?X-Amz-Expires=604800`, ordinal: 1 }];
  fake.estates[ESTATES[0]!] = sweepbrightEstate(ESTATES[0]!, { images: images(ESTATES[0]!) });
  fake.estates[ESTATES[1]!] = sweepbrightEstate(ESTATES[1]!, {
    type: 'apartment',
    negotiation: 'let',
    price: { amount: 950, currency: 'EUR', hidden: false },
    bedrooms: 2,
    settings: { reference: 'SB-0415' },
    images: images(ESTATES[1]!),
    description_title: { fr: 'Appartement 2 chambres à Jambes', nl: 'Appartement met 2 slaapkamers in Jambes' },
    location: { street: 'Avenue Jean Materne', number: '40', box: '3', postal_code: '5100', city: 'Jambes', country: 'BE', hidden: false, geo: { latitude: 50.4587, longitude: 4.8723 } },
  });
  let seen = 0;
  createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(Object.entries(incoming.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
    const method = incoming.method ?? 'GET';
    const response = await fake.app.fetch(
      new Request(`http://127.0.0.1${incoming.url ?? '/'}`, { method, headers, ...(method === 'GET' || method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }) }),
    );
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
    for (const call of fake.calls.slice(seen)) console.log(forTerminal(`${new Date().toISOString()}  ${call.method} ${call.path}  ${call.body ? JSON.stringify(call.body) : ''}`));
    seen = fake.calls.length;
  }).listen(port, '127.0.0.1', () => console.log(`fake SweepBright on http://127.0.0.1:${port} (client agency / secret), ${ESTATES.length} estates`));
  // Announce once the site answers: a minute at most.
  for (let attempt = 0; attempt < 60; attempt++) {
    const up = await fetch(`${site}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  for (const estate of ESTATES) {
    const signed = await fake.announce('estate-added', estate);
    const answer = await fetch(`${site}/crm/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Hook-Signature': signed.signature }, body: signed.body }).catch(
      (error: unknown) => ({ status: String(error) }),
    );
    console.log(forTerminal(`announced ${estate} to ${site}: ${answer.status}`));
  }
}
