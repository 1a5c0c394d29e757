import { useEffect, useState } from 'react';
import { useRouter, useRouterState } from '@tanstack/react-router';
import type { FavouriteItem } from '../../../domain/page-data.ts';
import { dropSinceSaved, writeFavouriteIds } from '../../../domain/rules/favourites.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { saveAll, toggleFavourite, useFavourites } from '../../lib/favourites.ts';
import { AppLink } from '../AppLink.tsx';
import { PropertyCard } from '../PropertyCard.tsx';
import { FormView } from '../LazyFormView.tsx';
import { useSite } from '../useSite.ts';

/**
 * The favourites page. With `?ids=` it shows that selection (a shared link, or this
 * browser's own once it has put its list in the address); without, it puts this browser's
 * list there, so the server draws each property as it is today. Sold, rented and withdrawn
 * ones stay, said as such; a price lower than when it was saved says by how much.
 */
export function FavouritesScreen({ items }: { items: FavouriteItem[] }) {
  const { t } = useI18n();
  const site = useSite();
  const router = useRouter();
  const saved = useFavourites();
  const location = useRouterState({ select: (s) => s.location });
  const inUrl = typeof location.search === 'object' && location.search !== null && 'ids' in location.search ? String((location.search as { ids?: unknown }).ids ?? '') : '';
  const own = writeFavouriteIds(saved.map((f) => f.id));
  const [sharedView] = useState(() => inUrl !== '' && inUrl !== own);
  const [origin, setOrigin] = useState('');

  // This browser's own list follows its hearts: the address (and so the server's answer) keeps up.
  useEffect(() => {
    setOrigin(window.location.origin);
    if (sharedView || inUrl === own) return;
    void router.navigate<typeof router, string>({ href: own ? `${location.pathname}?ids=${own}` : location.pathname, replace: true });
  }, [sharedView, inUrl, own, router, location.pathname]);

  const shareLink = inUrl ? `${origin}${location.pathname}?ids=${inUrl}` : '';
  const shown = sharedView ? items : items.filter((item) => saved.some((f) => f.id === item.id));
  return (
    <section className="container page favourites" aria-labelledby="favourites-title">
      <h1 id="favourites-title">{sharedView ? t('FAVOURITES_SHARED') : t('FAVOURITES')}</h1>
      <p className="lead">{sharedView ? t('FAVOURITES_SHARED_INTRO') : t('FAVOURITES_INTRO')}</p>
      {sharedView ? (
        <p>
          <button
            type="button"
            className="button button--accent"
            onClick={() => {
              const now = new Date().toISOString();
              const taken = items.filter((i) => !saved.some((f) => f.id === i.id)).map((i) => ({ id: i.id, savedAt: now, price: i.card?.price ?? null }));
              saveAll([...taken, ...saved]);
            }}
          >
            {t('FAVOURITES_TAKE_OVER')}
          </button>
        </p>
      ) : null}
      {shown.length === 0 ? (
        <div className="favourites__empty">
          <p>{t('FAVOURITES_EMPTY')}</p>
          <p>
            <AppLink href={site.links.sale} className="button">
              {t('FOR_SALE')}
            </AppLink>{' '}
            <AppLink href={site.links.rent} className="button">
              {t('FOR_RENT')}
            </AppLink>
          </p>
        </div>
      ) : (
        <ul className="favourites__grid grid grid--4">
          {shown.map((item) => (
            <li key={item.id} className="favourites__item">
              {item.card ? (
                <>
                  <PropertyCard card={item.card} headingLevel={2} />
                  <FavouriteNote
                    item={item}
                    drop={
                      sharedView
                        ? null
                        : dropSinceSaved(
                            saved.find((f) => f.id === item.id),
                            item.card.price,
                          )
                    }
                  />
                </>
              ) : (
                <article className="card favourites__gone">
                  <h2 className="card__title">{item.state === 'withdrawn' ? t('PROPERTY_WITHDRAWN') : t('FAVOURITE_UNKNOWN')}</h2>
                  <p>{item.city ? `${item.city} – ${t('REFERENCE')} ${item.id}` : `${t('REFERENCE')} ${item.id}`}</p>
                  {sharedView ? null : (
                    <button type="button" className="button button--link" onClick={() => toggleFavourite(item.id, null)}>
                      {t('FAVOURITE_REMOVE')}
                    </button>
                  )}
                </article>
              )}
            </li>
          ))}
        </ul>
      )}
      {shown.length > 0 && inUrl ? (
        <div className="favourites__share">
          <h2>{t('FAVOURITES_SHARE')}</h2>
          <p>{t('FAVOURITES_SHARE_INTRO')}</p>
          <p className="favourites__link">
            <label htmlFor="favourites-link" className="visually-hidden">
              {t('FAVOURITES_SHARE')}
            </label>
            <input id="favourites-link" type="url" readOnly value={shareLink || `${location.pathname}?ids=${inUrl}`} onFocus={(e) => e.currentTarget.select()} />
            <CopyButton text={shareLink} />
          </p>
          <h2>{t('SELECTION_EMAIL')}</h2>
          <p>{t('SELECTION_EMAIL_INTRO')}</p>
          <FormView form="email-selection" hidden={{ ids: inUrl }} submitKey="SELECTION_SEND" />
        </div>
      ) : null}
    </section>
  );
}

function FavouriteNote({ item, drop }: { item: FavouriteItem; drop: number | null }) {
  const { t } = useI18n();
  if (drop) return <p className="favourites__drop">{t('FAVOURITE_DROPPED', { percent: drop })}</p>;
  if (item.state === 'sold' || item.state === 'rented') return <p className="favourites__state">{t(item.state === 'sold' ? 'PROPERTY_SOLD' : 'PROPERTY_RENTED')}</p>;
  return null;
}

function CopyButton({ text }: { text: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button"
      disabled={!text}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? t('LINK_COPIED') : t('COPY_LINK')}
    </button>
  );
}
