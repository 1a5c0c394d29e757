import { lazyComponent } from '../lib/lazy-component.tsx';

/** The visitor form, loaded in its own chunk with zod and the schemas (see lazy-component). */
export const FormView = lazyComponent('form', () => import('./FormView.tsx').then((m) => m.FormView));
