import type { CardView } from '../../domain/bundles.ts';
import { durationWords, travelStillValid } from '../../domain/rules/travel-words.ts';
import { utcDay } from '../../domain/rules/gone.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { AppLink } from './AppLink.tsx';
import { Icon } from './Icon.tsx';
import { Picture } from './Picture.tsx';
import { Price } from './Price.tsx';
import { statusBadgeKey } from '../../domain/rules/listing-status.ts';
import { FavouriteButton } from './FavouriteButton.tsx';
import { epcDisplay, epcOf } from '../../domain/rules/epc.ts';

/** The energy label a card shows (a Belgian region's or Luxembourg's scale), or null when the listing has none. */
function cardEpc(card: CardView): { text: string; letter: string } | null {
  const found = epcOf({ value: card.energyPerformance, zip: card.zip, countryId: card.countryId, labelText: card.epcLabelText });
  const text = found ? epcDisplay(found.label) : '';
  return text ? { text, letter: text.charAt(0).toLowerCase() } : null;
}

/** A property in a list: photo, type and city, price, key figures; the whole card is one link. */
export function PropertyCard({
  card,
  eager = false,
  headingLevel = 3,
  travelTo,
  row = false,
}: {
  card: CardView;
  /** A row of the list's rows view: its thumbnail the row's height. */
  row?: boolean;
  eager?: boolean;
  /** h2 directly below a page's h1, h3 below a section's h2. */
  headingLevel?: 2 | 3;
  /** The hub a list is narrowed or sorted by: the card says its minutes to it. */
  travelTo?: { id: string; name: string } | undefined;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useI18n();
  const title = card.typeDescription || card.mainTypeName;
  const badge = statusBadgeKey(card.status);
  const status = badge ? t(badge) : null;
  const epc = cardEpc(card);
  return (
    <article className="card">
      <div className="card__media">
        <Picture picture={card.picture} alt={`${title} – ${card.city}`} eager={eager} sizes="(min-width: 1280px) 25vw, (min-width: 767px) 50vw, 100vw" row={row} />
        {status ? <span className="card__badge">{status}</span> : null}
      </div>
      {/* Outside the card's link, above it: a heart is its own control. */}
      <FavouriteButton id={card.id} price={card.price} label={`${title} – ${card.city}`} className="card__favourite" />
      <div className="card__body">
        <Heading className="card__title">
          <AppLink href={card.path} className="card__link">
            {title}
            <span className="card__city">{`${card.zip} ${card.city}`}</span>
          </AppLink>
        </Heading>
        <Price card={card} className="card__price" />
        {travelTo ? <CardTravel card={card} hub={travelTo} /> : null}
        <ul className="card__facts">
          {card.bedrooms ? (
            <li>
              <Icon name="bed" size={16} /> <span aria-hidden="true">{card.bedrooms}</span>
              <span className="visually-hidden">{t('BEDROOM_COUNT', { count: card.bedrooms })}</span>
            </li>
          ) : null}
          {card.surfaceLiving ? (
            <li>
              <Icon name="area" size={16} />
              {` ${card.surfaceLiving} m² `}
              <span className="visually-hidden">{t('SURFACE_LIVING')}</span>
            </li>
          ) : card.surfaceGround ? (
            // A plot has no living area: its land is what a buyer compares.
            <li>
              <Icon name="area" size={16} />
              {` ${card.surfaceGround} m² `}
              <span className="visually-hidden">{t('SURFACE_GROUND')}</span>
            </li>
          ) : null}
          {epc ? (
            <li className={`card__epc card__epc--${epc.letter}`}>
              <abbr title={t('EPC_LABEL')}>{t('EPC')}</abbr>
              {` ${epc.text}`}
            </li>
          ) : null}
          {card.floodHazard === 'high' ? <li className="card__flood">{t('FLOOD_BADGE')}</li> : null}
          <li className="card__ref">{`${t('REFERENCE')} ${card.reference}`}</li>
        </ul>
      </div>
    </article>
  );
}

/** "1 h 30 to Brussels-Central", while the timetables it comes from are valid. */
function CardTravel({ card, hub }: { card: CardView; hub: { id: string; name: string } }) {
  const { t } = useI18n();
  const minutes = card.travel && travelStillValid(card.travel.until, utcDay(new Date())) ? card.travel.minutes[hub.id] : undefined;
  if (typeof minutes !== 'number') return null;
  return (
    <p className="card__travel">
      <Icon name="train" size={16} /> {t('TRAVEL_CARD', { duration: durationWords(minutes, t), hub: hub.name })}
    </p>
  );
}
