import { islandComponent } from '../lib/island-component.tsx';
import { hasFavourites, onFavouritesChange } from '../lib/favourites.ts';

/**
 * Parts of pages whose code the first load goes without (client/lib/island-component.tsx):
 * the server's HTML stands until the part is needed, as `when` says.
 */

/** A map of listings: its shell is server HTML; the map's code loads once it is in view. */
export const PropertyMap = islandComponent(() => import('../map/PropertyMap.tsx').then((m) => m.PropertyMap), { drawsItself: true });

/** Documents, with their request form further in: once in view. */
export const DocumentList = islandComponent(() => import('./DocumentList.tsx').then((m) => m.DocumentList), { drawsItself: true });

/** Cards of similar properties at the foot of a property: links work without code; hydrated once in view. */
export const SimilarProperties = islandComponent(() => import('./SimilarProperties.tsx').then((m) => m.SimilarProperties));

/** The cost of buying, with its "my only home" choice and loan: a GET form that works before its code, hydrated once in view. */
export const BuyingCosts = islandComponent(() => import('./BuyingCosts.tsx').then((m) => m.BuyingCosts));

/** A property's facts, grouped: a table with no behaviour, so its code comes only to draw another property. */
export const PropertyFactGroups = islandComponent(() => import('./PropertyFactGroups.tsx').then((m) => m.PropertyFactGroups), { when: 'static' });

/** The legal information block: text with no behaviour; its rules' code comes only to draw another property. */
export const LegalInformation = islandComponent(() => import('./LegalInformation.tsx').then((m) => m.LegalInformation), { when: 'static' });

/** The consent dialog opens itself when nothing is stored: its code comes once the browser is idle. */
export const CookieConsent = islandComponent(() => import('./layout/CookieConsent.tsx').then((m) => m.CookieConsent), { when: 'idle' });

/** The back-to-top button appears after scrolling: its code comes with the first scroll. */
export const BackToTop = islandComponent(() => import('./layout/BackToTop.tsx').then((m) => m.BackToTop), { when: 'scroll' });

/**
 * The header: links work without code; its menus, its fixing on scroll and its language list
 * need it once the visitor scrolls or turns to it. A saved favourite's count shows at once,
 * and follows a heart tapped anywhere on the page.
 * Its box stays the page's (display: contents), so it sticks to the page when fixed.
 */
export const Header = islandComponent(() => import('./layout/Header.tsx').then((m) => m.Header), {
  when: 'scroll',
  neededAtOnce: hasFavourites,
  neededOn: onFavouritesChange,
  box: 'contents',
});

/** The link bar above the header: links only, so its code comes when one is followed (to navigate in place) or to draw another language's bar. */
export const TopBar = islandComponent(() => import('./layout/TopBar.tsx').then((m) => m.TopBar), { when: 'interaction', box: 'contents' });
