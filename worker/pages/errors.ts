import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../env.ts';
import { refusal } from './message-page.tsx';

/**
 * Anything unexpected: logged for the operator, never a stack trace for the visitor.
 * JSON callers get JSON; people get a short page in the four languages.
 */
export function errorPage(error: unknown, c: Context<AppEnv>): Response | Promise<Response> {
  // A body Hono could not parse (a multipart without its parts, broken encoding) is the sender's fault: a 400 with the reason.
  if (error instanceof HTTPException && error.status === 400) return refusal(c, 400, 'REQUEST_NOT_A_FORM');
  console.error('unhandled', c.req.method, new URL(c.req.url).pathname, error);
  if (new URL(c.req.url).pathname.startsWith('/api/')) return c.json({ error: 'unavailable' }, 503, { 'Retry-After': '5' });
  const body = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Vitrine</title>
<main style="font:16px/1.5 system-ui;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>Temporarily unavailable</h1>
<p lang="nl">Deze pagina is tijdelijk niet beschikbaar.</p><p lang="fr">Cette page est momentanément indisponible.</p><p lang="de">Diese Seite ist vorübergehend nicht verfügbar.</p><p><a href="/">Home</a></p></main></html>`;
  return c.html(body, 503, { 'Retry-After': '5', 'Cache-Control': 'no-store' });
}
