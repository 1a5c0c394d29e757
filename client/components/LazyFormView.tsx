import { islandComponent } from '../lib/island-component.tsx';

/**
 * A visitor form further down a page, in its own chunk with zod and the schemas: hydrated
 * when it comes near the viewport or the visitor turns to it; until then it is the server's
 * plain POST form (client/lib/island-component.tsx).
 */
export const FormView = islandComponent(() => import('./FormView.tsx').then((m) => m.FormView));

/** Visit booking (its slots and the visit form), hydrated like FormView. */
export const BookVisit = islandComponent(() => import('./BookVisit.tsx').then((m) => m.BookVisit), { drawsItself: true });
