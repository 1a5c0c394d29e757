import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useI18n } from '../i18n/i18n.tsx';
import { imageUrl, placeholderUrl, srcSet } from '../../domain/rules/images.ts';
import { galleryTiming, nextSlide, slideState, type SlideState } from '../lib/slider.ts';
import { Icon } from './Icon.tsx';

export interface Photo {
  url: string;
  width: number;
  height: number;
  name: string;
}

const SWIPE_PX = 40;

/**
 * The photo slider of a detail page: arrows, keyboard, swipe, thumbnails, autoplay that
 * pauses on hover and focus (slider states), progressive loading of the next
 * photos, and a full-screen view in a native <dialog>.
 */
export function Gallery({ photos, alt }: { photos: Photo[]; alt: string }) {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [loaded, setLoaded] = useState(2);
  const [thumbsWidth, setThumbsWidth] = useState(0);
  const dialog = useRef<HTMLDialogElement>(null);
  const thumbs = useRef<HTMLOListElement>(null);
  const pointerStart = useRef<number | null>(null);
  const count = photos.length;
  const state: SlideState = slideState({ playing, hovered, focused });
  const go = useCallback((delta: number) => setIndex((i) => nextSlide(i, delta, count)), [count]);

  // Autoplay every interval + 50 ms, only while nobody is looking closely (hover, focus).
  useEffect(() => {
    if (state !== 'playing' || count < 2) return;
    const timer = setInterval(() => go(1), galleryTiming.autoplayInterval);
    return () => clearInterval(timer);
  }, [state, count, go]);

  // Progressive lazy load: one more photo every second after the first paint.
  useEffect(() => {
    if (loaded >= count) return;
    const timer = setTimeout(() => setLoaded((n) => n + 1), galleryTiming.progressiveLoadMs);
    return () => clearTimeout(timer);
  }, [loaded, count]);

  // The thumbnail strip keeps the current photo in view; re-measured on resize, debounced 50 ms.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => setThumbsWidth(thumbs.current?.clientWidth ?? 0);
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, galleryTiming.resizeDebounceMs);
    };
    measure();
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  useEffect(() => {
    const active = thumbs.current?.children[index];
    if (active instanceof HTMLElement && thumbs.current) thumbs.current.scrollTo({ left: active.offsetLeft - thumbsWidth / 2 + active.clientWidth / 2, behavior: 'smooth' });
  }, [index, thumbsWidth]);

  if (count === 0) {
    return (
      <div className="gallery gallery--empty">
        <Icon name="house" size={64} />
        <p className="gallery__none">{t('NO_PHOTOS')}</p>
      </div>
    );
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(1);
    else if (e.key === 'ArrowLeft') go(-1);
    else return;
    e.preventDefault();
  };
  const onPointerDown = (e: PointerEvent) => {
    pointerStart.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    if (pointerStart.current === null) return;
    const dx = e.clientX - pointerStart.current;
    pointerStart.current = null;
    if (Math.abs(dx) >= SWIPE_PX) go(dx < 0 ? 1 : -1);
  };
  const current = photos[index] ?? photos[0];

  return (
    <section
      className="gallery"
      aria-roledescription="carousel"
      aria-label={t('PHOTO_COUNT', { count })}
      data-state={state}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div className="gallery__viewport" onPointerDown={onPointerDown} onPointerUp={onPointerUp}>
        <ul className="gallery__track" style={{ transform: `translateX(-${index * 100}%)` }} aria-live={state === 'playing' ? 'off' : 'polite'}>
          {photos.map((photo, i) => (
            <li key={photo.url} className="gallery__slide" aria-roledescription="slide" aria-label={t('PHOTO_N_OF', { n: i + 1, count })} aria-hidden={i !== index}>
              {i < loaded || i === index ? (
                <img
                  src={imageUrl(photo.url, { width: 1360 })}
                  srcSet={srcSet(photo.url, [600, 1360])}
                  sizes="(min-width: 1280px) 820px, 100vw"
                  width={photo.width}
                  height={photo.height}
                  alt={i === 0 ? alt : `${alt} (${i + 1}/${count})`}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'low'}
                  decoding={i === 0 ? 'sync' : 'async'}
                  draggable={false}
                  // The first photo blurs up from the smallest WebP while the full one loads.
                  style={i === 0 ? { backgroundImage: `url(${placeholderUrl(photo.url)})`, backgroundSize: 'cover' } : undefined}
                />
              ) : null}
            </li>
          ))}
        </ul>
        {count > 1 ? (
          <>
            <button type="button" className="gallery__arrow gallery__arrow--prev" onClick={() => go(-1)}>
              <span aria-hidden="true">‹</span>
              <span className="visually-hidden">{t('PREVIOUS_PHOTO')}</span>
            </button>
            <button type="button" className="gallery__arrow gallery__arrow--next" onClick={() => go(1)}>
              <span aria-hidden="true">›</span>
              <span className="visually-hidden">{t('NEXT_PHOTO')}</span>
            </button>
          </>
        ) : null}
        <p className="gallery__counter" aria-hidden="true">{`${index + 1} / ${count}`}</p>
      </div>
      <div className="gallery__controls">
        {count > 1 ? (
          <button type="button" className="button button--ghost" aria-pressed={playing} onClick={() => setPlaying((p) => !p)}>
            {playing ? t('PAUSE_SLIDESHOW') : t('PLAY_SLIDESHOW')}
          </button>
        ) : null}
        <button type="button" className="button button--ghost" onClick={() => dialog.current?.showModal()}>
          {t('FULL_SCREEN')}
        </button>
      </div>
      {count > 1 ? (
        <ol className="gallery__thumbs" ref={thumbs}>
          {photos.map((photo, i) => (
            <li key={photo.url}>
              <button type="button" aria-current={i === index ? 'true' : undefined} onClick={() => setIndex(i)}>
                <img
                  src={imageUrl(photo.url, { width: 100 })}
                  srcSet={srcSet(photo.url, [100, 500])}
                  sizes="100px"
                  width={100}
                  height={Math.round((100 * photo.height) / photo.width)}
                  alt=""
                  loading="lazy"
                />
                <span className="visually-hidden">{t('PHOTO_N_OF', { n: i + 1, count })}</span>
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      <dialog ref={dialog} className="lightbox" aria-label={t('PHOTOS')} onKeyDown={onKeyDown}>
        {current ? <img src={imageUrl(current.url, { width: 1360 })} width={current.width} height={current.height} alt={alt} /> : null}
        <div className="lightbox__bar">
          <button type="button" className="button" onClick={() => go(-1)}>
            {t('PREVIOUS_PHOTO')}
          </button>
          <span>{`${index + 1} / ${count}`}</span>
          <button type="button" className="button" onClick={() => go(1)}>
            {t('NEXT_PHOTO')}
          </button>
          <button type="button" className="button button--accent" onClick={() => dialog.current?.close()} autoFocus>
            {t('CLOSE')}
          </button>
        </div>
      </dialog>
    </section>
  );
}
