import type { HomeData } from '../../../domain/page-data.ts';
import { BannerPhoto, BannerSlides } from '../BannerSlides.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { AppLink } from '../AppLink.tsx';
import { ModuleBlocks } from '../ModuleBlocks.tsx';
import { useSite } from '../useSite.ts';
import { HomeSearch } from './HomeSearch.tsx';

function Banner() {
  const site = useSite();
  const { banner } = site;
  const image = banner.images[0] ?? null;
  const overlay = (
    <div className="banner__overlay container">
      {banner.title ? <h1 className="banner__title">{banner.title}</h1> : <h1 className="visually-hidden">{site.agency.name}</h1>}
      {banner.description ? <p className="banner__text">{banner.description}</p> : null}
      <HomeSearch />
    </div>
  );
  if (banner.type === 'gallery' && banner.images.length > 1) {
    return (
      <BannerSlides className="banner" mediaClassName="banner__media" images={banner.images} speed={banner.autoplaySpeed}>
        {overlay}
      </BannerSlides>
    );
  }
  return (
    <div className="banner">
      {banner.type === 'video' && banner.video ? (
        <video className="banner__media" src={banner.video} autoPlay loop muted playsInline poster={image ?? undefined} aria-hidden="true" />
      ) : image ? (
        <BannerPhoto src={image} className="banner__media" first />
      ) : null}
      {overlay}
    </div>
  );
}

function Tiles() {
  const { t } = useI18n();
  const site = useSite();
  const tiles = [
    { key: 'buy', title: t('BUY'), text: t('BUY_TILE_TEXT'), href: site.links.sale, cta: t('DISCOVER') },
    { key: 'rent', title: t('RENT'), text: t('RENT_TILE_TEXT'), href: site.links.rent, cta: t('DISCOVER') },
    { key: 'estimate', title: t('SALE'), text: t('ESTIMATE_TILE_TEXT'), href: site.links.valuation, cta: t('ESTIMATE') },
  ];
  return (
    <ul className="tiles container">
      {tiles.map((tile) => (
        <li key={tile.key} className={`tile tile--${tile.key}`}>
          <h2 className="tile__title">{tile.title}</h2>
          <p>{tile.text}</p>
          <AppLink href={tile.href} className="button">
            {tile.cta}
            <span className="visually-hidden"> – {tile.title}</span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

/** Home: banner with search, three action tiles, then the home page's modules in order. */
export function HomeScreen({ data }: { data: HomeData }) {
  return (
    <>
      <Banner />
      {data.blocks.some((b) => b.module.position === 'topRow') ? (
        <div className="container section">
          <ModuleBlocks blocks={data.blocks} row="topRow" />
        </div>
      ) : null}
      <Tiles />
      <div className="container section">
        <ModuleBlocks blocks={data.blocks} row="contentRow" />
        <ModuleBlocks blocks={data.blocks} row="bottomRow" />
      </div>
    </>
  );
}
