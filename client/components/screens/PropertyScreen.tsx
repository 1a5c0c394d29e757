import type { PropertyPageView } from '../../page-data.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { Price } from '../Price.tsx';
import { RichText } from '../RichText.tsx';

const FACT_KEYS: [field: string, label: string, unit?: string][] = [
  ['Bedrooms', 'BEDROOMS'],
  ['Bathrooms', 'BATHROOMS'],
  ['SurfaceLiving', 'SURFACE_LIVING', 'm²'],
  ['SurfaceGround', 'SURFACE_GROUND', 'm²'],
  ['Facades', 'FACADES'],
  ['Garages', 'GARAGES'],
  ['ConstructionYear', 'CONSTRUCTION_YEAR'],
  ['EPCLabelText', 'EPC'],
  ['EnergyPerformance', 'ENERGY_PERFORMANCE', 'kWh/m²'],
];

/** The detail of one property: photos, price, key facts and description. */
export function PropertyScreen({ property }: { property: PropertyPageView }) {
  const { t } = useI18n();
  const { card, fields } = property;
  const title = card.typeDescription || card.mainTypeName;
  const main = property.photos[0];
  return (
    <article className="container page property">
      <header className="property__head">
        <h1>
          {title} <span className="property__city">{`${card.zip} ${card.city}`}</span>
        </h1>
        <Price card={card} className="property__price" />
        <p className="property__ref">
          {t('REFERENCE')} {card.reference}
        </p>
      </header>
      {main ? (
        <figure className="property__photo">
          <img src={`${main.url}?width=1360`} srcSet={`${main.url}?width=600 600w, ${main.url}?width=1360 1360w`} sizes="(min-width: 1280px) 1200px, 100vw" width={main.width} height={main.height} alt={`${title} – ${card.city}`} fetchPriority="high" />
        </figure>
      ) : null}
      <dl className="facts">
        {FACT_KEYS.filter(([field]) => fields[field] !== null && fields[field] !== undefined && fields[field] !== '' && fields[field] !== 0).map(([field, label, unit]) => (
          <div key={field} className="facts__row">
            <dt>{t(label)}</dt>
            <dd>
              {String(fields[field])}
              {unit ? ` ${unit}` : ''}
            </dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="description">
        <h2 id="description">{t('DESCRIPTION')}</h2>
        <RichText html={property.description} />
      </section>
    </article>
  );
}
