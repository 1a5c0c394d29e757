import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { createFloorRouter } from './floor-router.tsx';

// Hydrated as the site's pages are: in a transition, so React yields to the browser.
const router = createFloorRouter();
startTransition(() => {
  hydrateRoot(document, <RouterClient router={router} />);
});
