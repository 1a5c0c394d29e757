import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { isLang } from '../domain/lang.ts';
import { createRouter } from './router.tsx';
import { browserContentLoader } from './browser-loader.ts';
import { formAnswerPath, isFormAnswer, isStandalonePage } from './lib/form-answer.ts';

function hydrate(): void {
  if (isStandalonePage(window.location.pathname)) return;
  // A form posted before its code ran is answered at /forms/<name>: hydrate the page it came from.
  const answered = formAnswerPath(window.location.pathname, document.querySelector<HTMLInputElement>('form input[name="back"]')?.value);
  if (answered) window.history.replaceState(window.history.state, '', answered);
  const htmlLang = document.documentElement.lang;
  const router = createRouter({
    content: browserContentLoader(() => router.state.matches[0]?.loaderData),
    negotiatedLang: isLang(htmlLang) ? htmlLang : 'fr',
  });
  // The server's JSON-LD describes the page it rendered: it goes once the visitor is elsewhere.
  const unsubscribe = router.subscribe('onResolved', (event) => {
    if (!event.pathChanged || event.fromLocation === undefined) return;
    for (const script of document.head.querySelectorAll('script[type="application/ld+json"]')) script.remove();
    unsubscribe();
  });
  // In a transition, hydration is time-sliced: React yields to the browser every few ms, so a
  // tap or a scroll during it is not held up by one long task (a phone with a slow CPU).
  startTransition(() => {
    hydrateRoot(document, <RouterClient router={router} />);
  });
}

/**
 * Hydrates the server-rendered page with the router. Its own module (the entry only calls
 * it) so the build can put everything the main script loads in one chunk (scripts/build-client.ts).
 */
export function startApp(): void {
  // The page's path is in the posted form, which may lie further down than the parser has got.
  if (isFormAnswer(window.location.pathname) && document.readyState === 'loading') document.addEventListener('DOMContentLoaded', hydrate, { once: true });
  else hydrate();
}
