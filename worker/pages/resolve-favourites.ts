/** The favourites page of a selection (`?ids=`): each id with what it is today. */
import type { FavouriteItem, PageBody, PageMeta } from '../../domain/page-data.ts';
import { favouritesPath, parseFavouriteIds, writeFavouriteIds } from '../../domain/rules/favourites.ts';
import { isGone, utcDay } from '../../domain/rules/gone.ts';
import type { ResolveInput } from './resolve-input.ts';

/** The favourites page: each id of the selection with what it is today, never silently dropped. */
export async function favouritesPage(input: ResolveInput, head: PageMeta['head']): Promise<PageBody & PageMeta> {
  const { repo, routing, lang, search } = input;
  const ids = parseFavouriteIds(search.ids);
  const [listing, withdrawn] = await Promise.all([repo.listing(lang), repo.withdrawn()]);
  const today = utcDay(new Date());
  const items: FavouriteItem[] = ids.map((id) => {
    const card = listing.find((c) => c.id === id);
    if (card) {
      const gone = isGone(card.goneOn, today) || card.status === 'sold' || card.status === 'rented';
      const state = gone ? (card.status === 'rented' ? 'rented' : 'sold') : card.status === 'option' ? 'option' : 'available';
      return { id, state, card };
    }
    const left = withdrawn[String(id)];
    return left ? { id, state: 'withdrawn', card: null, city: left.city } : { id, state: 'unknown', card: null };
  });
  const qs = ids.length ? `?ids=${writeFavouriteIds(ids)}` : '';
  const twins = Object.fromEntries(routing.languages.map((l) => [l, `${favouritesPath(l)}${qs}`]));
  return { kind: 'favourites', items, head, breadcrumb: [], twins, status: 200 };
}
