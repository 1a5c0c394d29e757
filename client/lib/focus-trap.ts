import type { KeyboardEvent } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Which end of a modal's focus cycle to jump to, or null to let the browser move on.
 * Pure so the wrap-around rule is tested without a DOM.
 */
export function wrapIndex(count: number, activeIndex: number, back: boolean): number | null {
  if (count === 0) return null;
  if (back && activeIndex <= 0) return count - 1;
  if (!back && (activeIndex === count - 1 || activeIndex === -1)) return 0;
  return null;
}

/**
 * Keeps Tab and Shift+Tab inside a modal (a native modal dialog lets focus leave for the
 * browser's own controls past its last button), as WCAG 2.4.3 expects of a dialog.
 */
export function trapTab(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  const active = document.activeElement;
  const next = wrapIndex(
    items.length,
    items.findIndex((el) => el === active),
    event.shiftKey,
  );
  if (next === null) return;
  event.preventDefault();
  items[next]?.focus();
}
