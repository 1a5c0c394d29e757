import { useI18n } from '../i18n/i18n.tsx';
import { toggleFavourite, useFavourites } from '../lib/favourites.ts';

/**
 * The heart of a card or a detail page: a toggle button (aria-pressed) whose name says which
 * property it keeps; the state itself is announced by the pressed state, not by a new name.
 */
export function FavouriteButton({ id, price, label, className = '' }: { id: number; price: number | null; label: string; className?: string }) {
  const { t } = useI18n();
  const saved = useFavourites().some((f) => f.id === id);
  return (
    <button type="button" className={`favourite ${className}`} aria-pressed={saved} onClick={() => toggleFavourite(id, price)} title={t(saved ? 'FAVOURITE_REMOVE' : 'FAVOURITE_ADD')}>
      <svg className="favourite__heart" width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.5 2.9 4.5 6.6 4.5c2.1 0 3.6 1.2 5.4 3.2 1.8-2 3.3-3.2 5.4-3.2 3.7 0 5.7 4 4.2 7.3C19.5 16.4 12 21 12 21z" />
      </svg>
      <span className="visually-hidden">{t('FAVOURITE_NAME', { title: label })}</span>
    </button>
  );
}
