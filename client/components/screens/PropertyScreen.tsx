import { PrintContact } from '../PrintContact.tsx';
import type { VisitSlot } from '../../../domain/page-data.ts';
import { statusNoticeKey, takesRequests } from '../../../domain/rules/listing-status.ts';
import type { PropertyPageView } from '../../../domain/page-data.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { isForSale } from '../../../domain/rules/goal.ts';
import { Gallery } from '../Gallery.tsx';
import { BookVisit, FormView } from '../LazyFormView.tsx';
import { islandComponent } from '../../lib/island-component.tsx';
import { FormPanel } from '../FormPanel.tsx';
import { ShareActions } from '../ShareActions.tsx';
import { ContactBar } from '../property/ContactBar.tsx';
import { TravelTimes, travelStops } from '../property/TravelTimes.tsx';
import { LandFacts } from '../property/LandFacts.tsx';
import { utcDay } from '../../../domain/rules/gone.ts';
import { rentalConditionsOf } from '../../../domain/rules/rental-conditions.ts';
import { Price } from '../Price.tsx';
import { FavouriteButton } from '../FavouriteButton.tsx';
import { RichText } from '../RichText.tsx';
import { mapPointOf } from '../../../domain/map-points.ts';
import { BuyingCosts, DocumentList, LegalInformation, PropertyMap, PropertyFactGroups, SimilarProperties } from '../LazyParts.tsx';
import { useSite } from '../useSite.ts';
import { useVisitBeacon } from '../useVisitBeacon.ts';

// Far down the page, and needed only to start a player: loaded when the visitor comes near
// it, like the forms (client/lib/island.ts).
const PropertyMedia = islandComponent(() => import('../PropertyMedia.tsx').then((m) => m.PropertyMedia));

function KeyFacts({ property }: { property: PropertyPageView }) {
  const { t } = useI18n();
  const { fields } = property;
  const facts: [string, string][] = [];
  if (typeof fields.Bedrooms === 'number' && fields.Bedrooms > 0) facts.push([t('BEDROOMS'), t('BEDROOM_COUNT', { count: fields.Bedrooms })]);
  if (typeof fields.Bathrooms === 'number' && fields.Bathrooms > 0) facts.push([t('BATHROOMS'), t('BATHROOM_COUNT', { count: fields.Bathrooms })]);
  if (typeof fields.SurfaceLiving === 'number' && fields.SurfaceLiving > 0) facts.push([t('SURFACE_LIVING'), `${fields.SurfaceLiving} m²`]);
  if (typeof fields.SurfaceGround === 'number' && fields.SurfaceGround > 0) facts.push([t('SURFACE_GROUND'), `${fields.SurfaceGround} m²`]);
  if (facts.length === 0) return null;
  return (
    <dl className="key-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Energy({ property }: { property: PropertyPageView }) {
  const { t } = useI18n();
  const { epc } = property;
  if (!epc) return null;
  return (
    <div className="epc">
      {epc.image ? <img src={epc.image} width={120} height={48} alt={t('EPC_LABEL_ALT', { label: epc.display })} /> : <span className="epc__text">{t('EPC_LABEL_ALT', { label: epc.display })}</span>}
      {property.renovationYears ? <p className="epc__notice">{t('RENOVATION_NOTICE', { years: property.renovationYears })}</p> : null}
    </div>
  );
}

/** Every detail of one property, grouped as a Belgian buyer or tenant reads them. */
export function PropertyScreen({ property, slots }: { property: PropertyPageView; slots?: VisitSlot[] | undefined }) {
  const { t } = useI18n();
  const site = useSite();
  const { card, fields } = property;
  useVisitBeacon(card.path);
  const title = card.typeDescription || card.mainTypeName;
  const notice = statusNoticeKey(card.status);
  const statusMessage = notice ? t(notice) : null;
  const mapPoint = mapPointOf(card);
  const streetView = property.address && card.lat !== null && card.lng !== null ? `https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=${card.lat},${card.lng}` : null;
  return (
    <article className="container page property">
      <header className="property__head">
        <div>
          <h1>
            {title} <span className="property__city">{`${card.zip} ${card.city}`}</span>
          </h1>
          {property.address ? <p className="property__address">{property.address}</p> : null}
          <p className="property__ref">
            {t('REFERENCE')} {card.reference}
          </p>
        </div>
        <div className="property__price-box">
          <Price card={card} className="property__price" />
          <FavouriteButton id={card.id} price={card.price} label={`${title} – ${card.city}`} className="property__favourite" />
          {statusMessage ? (
            <p className="status-message" role="status">
              {statusMessage}
            </p>
          ) : null}
        </div>
      </header>
      <div className="property__layout">
        <div className="property__main">
          <Gallery photos={property.photos} alt={`${title} – ${card.city}`} />
          <KeyFacts property={property} />
          <section aria-labelledby="description">
            <h2 id="description">{t('DESCRIPTION')}</h2>
            <RichText html={property.description} />
          </section>
          <Energy property={property} />
          <PropertyFactGroups key={card.id} fields={fields} />
          <LegalInformation key={card.id} fields={fields} />
          {property.costs ? <BuyingCosts key={card.id} costs={property.costs} renovationYears={property.renovationYears} /> : null}
          {property.travel ? <TravelTimes travel={property.travel} /> : null}
          {property.land ? <LandFacts land={property.land} /> : null}
          {takesRequests(card.status) ? (
            <section id="visit" aria-labelledby="visit-title" className="panel">
              <h2 id="visit-title">{t('REQUEST_VISIT')}</h2>
              <BookVisit propertyId={card.id} conditions={rentalConditionsOf(property)} initialSlots={slots} slotsLink={`${card.path}?book=1#visit`} />
            </section>
          ) : null}
          <section id="request" aria-labelledby="request-title" className="panel">
            <h2 id="request-title">{t('REQUEST_INFO')}</h2>
            <FormView form="contact-me" hidden={{ propertyId: card.id }} />
          </section>
          {takesRequests(card.status) ? (
            isForSale(card.goal) ? (
              <FormPanel form="purchase-offer" id="offer" className="panel" summary={t('PURCHASE_OFFER')}>
                <FormView form="purchase-offer" hidden={{ propertyId: card.id }} />
              </FormPanel>
            ) : (
              <FormPanel form="rental-application" id="application" className="panel" summary={t('RENTAL_APPLICATION')}>
                <FormView form="rental-application" hidden={{ propertyId: card.id }} />
              </FormPanel>
            )
          ) : null}
          <FormPanel form="send-to-friend" id="friend" className="panel" summary={t('SEND_TO_FRIEND')}>
            <FormView form="send-to-friend" hidden={{ propertyId: card.id }} />
          </FormPanel>
          <PropertyMedia virtualTourUrl={property.virtualTourUrl} videoUrl={property.videoUrl} />
          {mapPoint ? (
            <section aria-labelledby="map">
              <h2 id="map">{t('MAP')}</h2>
              <PropertyMap key={card.id} mode="single" point={mapPoint} stops={travelStops(property.travel, utcDay(new Date()))} label={`${t('MAP')} – ${title}, ${card.city}`} />
              {streetView ? (
                <p>
                  <a href={streetView} target="_blank" rel="noopener noreferrer">
                    {t('STREET_VIEW')}
                  </a>
                </p>
              ) : null}
            </section>
          ) : null}
        </div>
        <aside className="property__aside" aria-label={t('CONTACT')}>
          <div className="panel contact-panel">
            <p className="contact-panel__agency">{site.agency.name}</p>
            {takesRequests(card.status) ? (
              <a className="button button--accent" href="#visit">
                {t('REQUEST_VISIT')}
              </a>
            ) : null}
            <a className="button" href="#request">
              {t('REQUEST_INFO')}
            </a>
            <ShareActions />
          </div>
          <DocumentList documents={property.documents} headingId="documents" of={{ propertyId: card.id }} />
        </aside>
      </div>
      {property.similar.length > 0 ? <SimilarProperties key={card.id} cards={property.similar} /> : null}
      <ContactBar phone={site.agency.phone} canVisit={takesRequests(card.status)} />
      <PrintContact />
    </article>
  );
}
