export type Device = 'mobile' | 'tablet' | 'desktop';

/** Negative, NaN and infinite widths cannot come from a real viewport. */
function isWidth(width: unknown): width is number {
  return typeof width === 'number' && Number.isFinite(width) && width >= 0;
}

/**
 * Device class that drives the layout: below 767 mobile, 767 up to below 1280 tablet, 1280 and up desktop.
 * Why: layout components switch structure (drawer, columns) at these widths.
 * Differs on purpose from helperDevice (767 is tablet here, mobile there); null for an impossible width.
 */
export function layoutDevice(width: unknown): Device | null {
  if (!isWidth(width)) return null;
  if (width < 767) return 'mobile';
  if (width < 1280) return 'tablet';
  return 'desktop';
}

/**
 * Device class of the helper reading: 767 and below mobile, up to 960 tablet, above 960 desktop.
 * Why: the site keeps this second reading for helpers (e.g. image sizes), distinct from the layout one.
 * Fractional widths (zoom) between 767 and 768 are tablet, so every width has exactly one class.
 */
export function helperDevice(width: unknown): Device | null {
  if (!isWidth(width)) return null;
  if (width <= 767) return 'mobile';
  if (width <= 960) return 'tablet';
  return 'desktop';
}
