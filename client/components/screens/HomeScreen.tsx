import { useEffect, useState, type ReactNode } from 'react';
import type { HomeData } from '../../../domain/page-data.ts';
import { autoplayInterval, nextSlide, slideState } from '../../lib/slider.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { AppLink } from '../AppLink.tsx';
import { ModuleBlocks } from '../ModuleBlocks.tsx';
import { useSite } from '../useSite.ts';
import { HomeSearch } from './HomeSearch.tsx';

/**
 * The 'gallery' banner (slider states): slides cross-fade every autoplay speed
 * + 50 ms, pause while hovered or focused (the search form sits on it), and a button stops
 * them for good (WCAG 2.2.2); reduced motion starts paused.
 */
function BannerSlides({ images, speed, children }: { images: string[]; speed: number | null; children: ReactNode }) {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(speed !== null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const state = slideState({ playing, hovered, focused });
  const count = images.length;
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) setPlaying(false);
  }, []);
  useEffect(() => {
    if (state !== 'playing' || count < 2) return;
    const timer = setInterval(() => setIndex((i) => nextSlide(i, 1, count)), autoplayInterval(speed));
    return () => clearInterval(timer);
  }, [state, count, speed]);
  return (
    <div
      className="banner"
      data-state={state}
      // Slides that move by themselves need the code before any visitor turns to them.
      data-live={count > 1 && speed !== null ? '' : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      {images.map((src, i) => (
        <img
          key={src}
          className={`banner__media${i === index ? '' : ' banner__media--off'}`}
          src={`${src}?width=1360`}
          srcSet={`${src}?width=600 600w, ${src}?width=1360 1360w`}
          sizes="100vw"
          alt=""
          width={1360}
          height={680}
          fetchPriority={i === 0 ? 'high' : 'low'}
          loading={i === 0 ? 'eager' : 'lazy'}
        />
      ))}
      {children}
      {count > 1 ? (
        <button type="button" className="button button--ghost banner__play" aria-pressed={playing} onClick={() => setPlaying((p) => !p)}>
          {playing ? t('PAUSE_SLIDESHOW') : t('PLAY_SLIDESHOW')}
        </button>
      ) : null}
    </div>
  );
}

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
      <BannerSlides images={banner.images} speed={banner.autoplaySpeed}>
        {overlay}
      </BannerSlides>
    );
  }
  return (
    <div className="banner">
      {banner.type === 'video' && banner.video ? (
        <video className="banner__media" src={banner.video} autoPlay loop muted playsInline poster={image ?? undefined} aria-hidden="true" />
      ) : image ? (
        <img
          className="banner__media"
          src={`${image}?width=1360`}
          srcSet={`${image}?width=600 600w, ${image}?width=1360 1360w`}
          sizes="100vw"
          alt=""
          width={1360}
          height={680}
          fetchPriority="high"
          loading="eager"
        />
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
      <Tiles />
      <div className="container section">
        <ModuleBlocks blocks={data.blocks} />
      </div>
    </>
  );
}
