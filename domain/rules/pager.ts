/**
 * The page numbers a list's pager shows: every page of a short list; of a long one the
 * first, the last and the one on either side of the current, with a gap where pages are
 * left out: seven items at most, one line on a 360-pixel phone with 44-pixel targets. A catalogue of 10,000 listings has 500 pages: a link to each would be most of
 * the page's HTML and its render, and no visitor reads them.
 */
export type PagerItem = number | 'gap';

/** Up to this many pages, every one is shown. */
export const PAGER_ALL_UP_TO = 7;
const AROUND = 1;

export function pagerItems(page: number, pages: number): PagerItem[] {
  if (pages <= PAGER_ALL_UP_TO) return Array.from({ length: pages }, (_, i) => i + 1);
  const current = Math.min(Math.max(1, page), pages);
  // Near either end, the window is widened so the pager keeps the same width.
  const from = Math.max(2, Math.min(current - AROUND, pages - 1 - 2 * AROUND));
  const to = Math.min(pages - 1, Math.max(current + AROUND, 2 + 2 * AROUND));
  const items: PagerItem[] = [1];
  // A gap stands for two pages or more: one page left out is shown instead.
  if (from === 3) items.push(2);
  else if (from > 3) items.push('gap');
  for (let n = from; n <= to; n++) items.push(n);
  if (to === pages - 2) items.push(pages - 1);
  else if (to < pages - 2) items.push('gap');
  items.push(pages);
  return items;
}
