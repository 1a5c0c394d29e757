import type { CardView, PageView, ProjectCardView } from '../../../domain/bundles.ts';
import { PrintContact } from '../PrintContact.tsx';
import type { ProjectPageView } from '../../../domain/page-data.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { formatEuro, formatNumber } from '../../../domain/rules/price.ts';
import { Gallery } from '../Gallery.tsx';
import { FormView } from '../LazyFormView.tsx';
import { useSite } from '../useSite.ts';
import { RichText } from '../RichText.tsx';
import { DocumentList, PropertyMap } from '../LazyParts.tsx';
import { mapPointOf } from '../../../domain/map-points.ts';
import { ProjectCard } from '../ProjectCard.tsx';
import { FormPanel } from '../FormPanel.tsx';
import { ShareActions } from '../ShareActions.tsx';
import { priceRange } from '../../../domain/rules/price.ts';

/** New-build projects; an external project opens its own site in a new tab. */
export function ProjectsScreen({ projects, page }: { projects: ProjectCardView[]; page: PageView | null }) {
  const { t } = useI18n();
  return (
    <section className="container page">
      <h1>{page?.title ?? t('PROJECTS')}</h1>
      <p className="paging-title">{t('PAGING_TITLE', { page: 1, pages: 1, count: projects.length })}</p>
      {projects.length === 0 ? <p className="empty">{t('NO_PROJECTS')}</p> : null}
      <div className="grid grid--3">
        {projects.map((p, i) => (
          <ProjectCard key={p.id} project={p} eager={i === 0} />
        ))}
      </div>
    </section>
  );
}

/** A new-build project: photos, price list of its units, delivery, technical and situation, documents. */
export function ProjectScreen({ project }: { project: ProjectPageView }) {
  const { t } = useI18n();
  const site = useSite();
  const { card } = project;
  const prices = project.units.map((u) => u.price).filter((p): p is number => p !== null && p > 0);
  // The project's own range (dwellings), else the units' prices.
  const range = priceRange(card.priceMin, card.priceMax) ?? (prices.length > 0 ? priceRange(Math.min(...prices), Math.max(...prices)) : null);
  const mapPoint = mapPointOf({ ...PLACEHOLDER_CARD, id: card.id, path: card.path, city: card.city, zip: card.zip, typeDescription: card.name, lat: project.lat, lng: project.lng });
  return (
    <article className="container page property">
      <header className="property__head">
        <div>
          <h1>
            {card.name} <span className="property__city">{`${card.zip} ${card.city}`}</span>
          </h1>
          {project.address ? <p className="property__address">{project.address}</p> : <p className="property__address">{`${card.zip} ${card.city}, ${project.country}`}</p>}
          <p className="property__ref">
            {t('PROJECT_NUMBER')} {project.number}
          </p>
        </div>
        <div className="property__price-box">
          {range ? <p className="price property__price">{range}</p> : null}
          <p>{t('UNITS_AVAILABLE', { count: card.unitsAvailable, total: card.unitsTotal })}</p>
        </div>
      </header>
      <div className="property__layout">
        <div className="property__main">
          <Gallery photos={project.photos} alt={card.name} />
          <RichText html={project.description} />
          <h2>{t('PRICE_LIST')}</h2>
          {project.units.length === 0 ? (
            <p>{t('NO_CONSTRUCTIONS')}</p>
          ) : (
            <div className="table-scroll" tabIndex={0}>
              <table className="units">
                <caption className="visually-hidden">{t('PRICE_LIST')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('UNIT')}</th>
                    <th scope="col">{t('FLOOR')}</th>
                    <th scope="col">{t('REQUIREMENT')}</th>
                    <th scope="col">{t('SURFACE_LIVING')}</th>
                    <th scope="col">{t('PRICE')}</th>
                    <th scope="col">{t('STATUS')}</th>
                  </tr>
                </thead>
                <tbody>
                  {project.units.map((u) => (
                    <tr key={u.id} className={u.status === 'sold' || u.status === 'sold-out' ? 'units__sold' : undefined}>
                      <th scope="row">{u.name}</th>
                      <td>{u.floor === '0' ? t('GROUND_FLOOR') : u.floor}</td>
                      <td>{u.requirement}</td>
                      <td>{u.surface ? `${formatNumber(u.surface)} m²` : '–'}</td>
                      <td>{u.price && u.status !== 'sold' && u.status !== 'sold-out' ? formatEuro(u.price) : '–'}</td>
                      <td>{t(`STATUS_${u.status.toUpperCase().replace('-', '_')}`)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h2>{t('DELIVERY')}</h2>
          <RichText html={project.delivery} />
          <h2>{t('TECHNICAL')}</h2>
          <RichText html={project.technical} />
          <h2>{t('SITUATION')}</h2>
          <RichText html={project.situation} />
          {mapPoint ? <PropertyMap mode="single" point={mapPoint} label={`${t('MAP')} – ${card.name}`} /> : null}
          <section id="request" aria-labelledby="request-title" className="panel">
            <h2 id="request-title">{t('REQUEST_INFO')}</h2>
            <FormView form="contact-construction" hidden={{ projectId: card.id }} />
          </section>
          <FormPanel form="send-to-friend" id="friend" className="panel" summary={t('SEND_TO_FRIEND')}>
            <FormView form="send-to-friend" hidden={{ projectId: card.id }} />
          </FormPanel>
        </div>
        <aside className="property__aside" aria-label={t('CONTACT')}>
          <div className="panel contact-panel form-slot" data-form="contact-construction">
            <p className="contact-panel__agency">{site.agency.name}</p>
            <a className="button button--accent" href="#request">
              {t('REQUEST_INFO')}
            </a>
            <ShareActions />
          </div>
          <DocumentList documents={project.documents} headingId="project-documents" of={{ projectId: project.card.id }} />
        </aside>
      </div>
      <PrintContact />
    </article>
  );
}

/** The map message wants cards; a project is drawn as one with its name and place. */
const PLACEHOLDER_CARD: CardView = {
  id: 0,
  goal: 0,
  reference: '',
  path: '/',
  city: '',
  zip: '',
  countryId: 10,
  typeDescription: '',
  mainTypeName: '',
  webIds: [],
  marquee: 0,
  marqueeName: null,
  price: null,
  publishPrice: false,
  priceUnit: null,
  priceUnitText: '',
  priceOnDemand: true,
  bedrooms: null,
  surfaceLiving: null,
  surfaceGround: null,
  features: [],
  epcLabelText: '',
  energyPerformance: null,
  status: 'available',
  createDate: '',
  lat: null,
  lng: null,
  picture: null,
};
