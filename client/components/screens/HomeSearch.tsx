import { useEffect, useRef, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSite } from '../useSite.ts';
import { navigateTo } from '../../navigation.ts';
import { earlyChoiceIn } from '../../lib/early-choice.ts';

function goalOf(form: HTMLFormElement): 'sale' | 'rent' {
  return new FormData(form).get('goal') === 'rent' ? 'rent' : 'sale';
}

/** Buy / rent tabs and one box for a reference or a city; a plain GET form without JS. */
export function HomeSearch() {
  const { t } = useI18n();
  const site = useSite();
  const router = useRouter();
  const [goal, setGoal] = useState<'sale' | 'rent'>('sale');
  const action = goal === 'sale' ? site.links.sale : site.links.rent;
  // The tabs are the browser's own radios: one chosen before this screen's code came still counts.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (form && earlyChoiceIn(form)) setGoal(goalOf(form));
  }, []);
  return (
    <form
      ref={formRef}
      className="home-search"
      role="search"
      method="get"
      action={action}
      onSubmit={(e) => {
        e.preventDefault();
        const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
        const list = goalOf(e.currentTarget) === 'rent' ? site.links.rent : site.links.sale;
        void navigateTo(router, q ? `${list}?q=${encodeURIComponent(q)}` : list);
      }}
    >
      <fieldset className="home-search__tabs">
        <legend className="visually-hidden">{t('SEARCH')}</legend>
        {(['sale', 'rent'] as const).map((g) => (
          <label key={g} className={`tab${goal === g ? ' tab--active' : ''}`}>
            <input type="radio" name="goal" value={g} defaultChecked={g === 'sale'} onChange={() => setGoal(g)} className="visually-hidden" />
            {g === 'sale' ? t('BUY') : t('RENT')}
          </label>
        ))}
      </fieldset>
      <label htmlFor="home-q" className="visually-hidden">
        {t('SEARCH_BY_REFERENCE_OR_CITY')}
      </label>
      <input id="home-q" name="q" type="search" placeholder={t('SEARCH_BY_REFERENCE_OR_CITY')} maxLength={80} autoComplete="off" />
      <button type="submit" className="button button--accent">
        {t('SEARCH')}
      </button>
    </form>
  );
}
