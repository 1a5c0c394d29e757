import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n/i18n.tsx';
import { BACK_TO_TOP_AFTER_PX, SCROLL_CHECK_THROTTLE_MS, SCROLL_TO_TOP_MS, easeInOut, throttle } from '../../lib/scroll.ts';
import { Icon } from '../Icon.tsx';

function scrollToTop() {
  const start = window.scrollY;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (reduce || start === 0) {
    window.scrollTo(0, 0);
    return;
  }
  const t0 = performance.now();
  const step = (now: number) => {
    const p = (now - t0) / SCROLL_TO_TOP_MS;
    window.scrollTo(0, Math.round(start * (1 - easeInOut(p))));
    if (p < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** Appears once the page is scrolled 10 px, checked at most every 100 ms. */
export function BackToTop() {
  const { t } = useI18n();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const check = throttle(() => setVisible(window.scrollY >= BACK_TO_TOP_AFTER_PX), SCROLL_CHECK_THROTTLE_MS);
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, []);
  return (
    <button
      type="button"
      className={`back-to-top${visible ? ' back-to-top--visible' : ''}`}
      onClick={() => {
        scrollToTop();
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
      tabIndex={visible ? 0 : -1}
      aria-hidden={!visible}
    >
      <Icon name="up" />
      <span className="visually-hidden">{t('BACK_TO_TOP')}</span>
    </button>
  );
}
