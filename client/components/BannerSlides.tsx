import { useEffect, useState, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n.tsx';
import { autoplayInterval, nextSlide, slideState } from '../lib/slider.ts';

/** One banner photo, full width: a phone gets the 600 px one; the first is fetched at once, the others when needed. */
export function BannerPhoto({ src, className, first }: { src: string; className: string; first: boolean }) {
  return (
    <img
      className={className}
      src={`${src}?width=1360`}
      srcSet={`${src}?width=600 600w, ${src}?width=1360 1360w`}
      sizes="100vw"
      alt=""
      width={1360}
      height={680}
      fetchPriority={first ? 'high' : 'low'}
      loading={first ? 'eager' : 'lazy'}
    />
  );
}

/**
 * A 'gallery' banner (the home page's, a menu page's): slides cross-fade every autoplay speed
 * + 50 ms, pause while hovered or focused (the home search sits on it), and a button stops
 * them for good (WCAG 2.2.2); reduced motion starts paused. Without JavaScript the first
 * photo stands alone.
 */
export function BannerSlides({ className, mediaClassName, images, speed, children }: { className: string; mediaClassName: string; images: string[]; speed: number | null; children: ReactNode }) {
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
      className={className}
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
        <BannerPhoto key={src} src={src} className={`${mediaClassName} slide${i === index ? '' : ' slide--off'}`} first={i === 0} />
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
