/**
 * Geometry of the owner portal's bar chart, computed once for SSR and hydration alike:
 * bars scaled to a rounded maximum, with a few round gridlines, all in SVG user units.
 */

export interface BarChart {
  width: number;
  height: number;
  /** Left margin for the axis labels, bottom margin for the day labels. */
  left: number;
  bottom: number;
  /** The axis maximum: the largest value rounded up to a round number (at least 1). */
  max: number;
  ticks: { value: number; y: number }[];
  bars: { x: number; y: number; width: number; height: number; value: number }[];
}

/** The smallest 1, 2, 2.5 or 5 × 10ⁿ at or above `value` (at least 1). */
export function niceCeiling(value: number): number {
  if (!(value > 1)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    const candidate = step * magnitude;
    if (candidate >= value) return Number.isInteger(candidate) ? candidate : Math.ceil(candidate);
  }
  return 10 * magnitude;
}

/** Bars for `values` (oldest first) in a `width` × `height` box. */
export function barChart(values: number[], width = 640, height = 220, left = 36, bottom = 24): BarChart {
  const max = niceCeiling(Math.max(0, ...values));
  const plotHeight = height - bottom - 8;
  const slot = values.length > 0 ? (width - left) / values.length : 0;
  const gap = Math.min(4, slot * 0.25);
  const scale = (v: number) => (v / max) * plotHeight;
  // Counts are whole numbers, so are the gridlines.
  const tickCount = max <= 5 ? max : max % 5 === 0 ? 5 : max % 4 === 0 ? 4 : 2;
  const ticks = Array.from({ length: tickCount + 1 }, (_, i) => {
    const value = (max / tickCount) * i;
    return { value, y: round(height - bottom - scale(value)) };
  });
  const bars = values.map((value, i) => {
    const h = scale(Math.max(0, value));
    return { x: round(left + i * slot + gap / 2), y: round(height - bottom - h), width: round(slot - gap), height: round(h), value };
  });
  return { width, height, left, bottom, max, ticks, bars };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
