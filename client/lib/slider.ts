/**
 * Slider rules: the autoplay state from what the visitor does, the
 * timings, and wrapping navigation. Pure so the gallery and the home banner share them.
 */
export type SlideState = 'playing' | 'paused' | 'hovered' | 'focused';

/** Default autoplay speed of the CRM's slider settings. */
export const AUTOPLAY_SPEED_MS = 5000;

export const galleryTiming = {
  /** Autoplay interval = autoplay speed + 50 ms. */
  autoplayInterval: AUTOPLAY_SPEED_MS + 50,
  resizeDebounceMs: 50,
  progressiveLoadMs: 1000,
} as const;

/** Interval for a configured autoplay speed (speed + 50 ms); bad input falls back to the default. */
export function autoplayInterval(speedMs: number | null | undefined): number {
  const speed = typeof speedMs === 'number' && Number.isFinite(speedMs) && speedMs > 0 ? speedMs : AUTOPLAY_SPEED_MS;
  return speed + 50;
}

/**
 * What the slider is doing: focus wins over hover (a keyboard user reading a slide must
 * not have it move), hover wins over playing, and nothing moves unless playing.
 */
export function slideState(input: { playing: boolean; hovered: boolean; focused: boolean }): SlideState {
  if (!input.playing) return 'paused';
  if (input.focused) return 'focused';
  if (input.hovered) return 'hovered';
  return 'playing';
}

/** The slide `delta` steps from `index`, wrapping around both ends; 0 for an empty slider. */
export function nextSlide(index: number, delta: number, count: number): number {
  if (!Number.isInteger(count) || count <= 0) return 0;
  const i = Number.isFinite(index) ? Math.trunc(index) : 0;
  const d = Number.isFinite(delta) ? Math.trunc(delta) : 0;
  return (((i + d) % count) + count) % count;
}
