/**
 * Shown only before the first publish, when there is no dictionary to translate with:
 * the message is given in the four languages at once.
 */
export function unavailablePage(_acceptLanguage: string | null): Response {
  const body = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Vitrine</title>
<main style="font:16px/1.5 system-ui;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>Site being prepared</h1><p lang="nl">De website wordt voorbereid. Probeer het zo meteen opnieuw.</p><p lang="fr">Le site est en préparation. Réessayez dans un instant.</p><p lang="de">Die Website wird vorbereitet. Bitte versuchen Sie es gleich noch einmal.</p></main></html>`;
  return new Response(body, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': '30', 'Cache-Control': 'no-store' } });
}
