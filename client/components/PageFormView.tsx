import { lazyComponent } from '../lib/lazy-component.tsx';

/**
 * The form a page is about (contact, free valuation, demand register): announced with
 * modulepreload and hydrated at once, as it is the first thing a visitor there uses.
 */
export const PageFormView = lazyComponent('form', () => import('./FormView.tsx').then((m) => m.FormView));
