/** Scroll and timing constants shared by the layout's moving parts. */
export const HEADER_FIX_AFTER_PX = 30;
export const LOGO_SHOW_AFTER_PX = 30;
export const BACK_TO_TOP_AFTER_PX = 10;
export const SCROLL_CHECK_THROTTLE_MS = 100;
export const SCROLL_TO_TOP_MS = 500;
/**
 * The footer's lazy load starts 100 px before the footer is in view. Its 400 px placeholder
 * is not needed: the footer text is server-rendered (crawlers, no layout shift), only images wait.
 */
export const FOOTER_LAZY_OFFSET_PX = 100;

/**
 * What the header shows at a scroll position: fixed past 30 px when the option
 * is on; on the home page the logo is hidden until 30 px unless 'show logo at start' is on.
 */
export function headerState(scrollY: number, options: { isHome: boolean; showLogoAtStart: boolean; fixedHeaderOnScroll: boolean }): { fixed: boolean; logoHidden: boolean } {
  const y = Number.isFinite(scrollY) ? scrollY : 0;
  return {
    fixed: options.fixedHeaderOnScroll && y > HEADER_FIX_AFTER_PX,
    logoHidden: options.isHome && !options.showLogoAtStart && y <= LOGO_SHOW_AFTER_PX,
  };
}

/** Calls `fn` at most once per `ms`, trailing call included, so scroll handlers stay cheap. */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  return (...args: A) => {
    const now = Date.now();
    const wait = last + ms - now;
    if (wait <= 0) {
      last = now;
      fn(...args);
      return;
    }
    pending = args;
    if (timer === undefined) {
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        if (pending) fn(...pending);
        pending = undefined;
      }, wait);
    }
  };
}

/** Ease-in-out position at progress `p` in [0, 1], for the ~500 ms scroll to top. */
export function easeInOut(p: number): number {
  const x = Math.min(1, Math.max(0, Number.isFinite(p) ? p : 1));
  return x < 0.5 ? 2 * x * x : 1 - (-2 * x + 2) ** 2 / 2;
}
