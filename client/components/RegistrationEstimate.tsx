import { useState } from 'react';
import type { PropertyPageView } from '../../domain/page-data.ts';
import { formatEuro } from '../../domain/rules/price.ts';
import { useI18n } from '../i18n/i18n.tsx';

/** Registration rights on the price, at the standard rate or the reduced one for a sole own home. */
export function RegistrationEstimate({ registration }: { registration: NonNullable<PropertyPageView['registration']> }) {
  const { t } = useI18n();
  const [sole, setSole] = useState(false);
  const chosen = sole ? registration.soleOwnHome : registration.standard;
  const rate = (chosen.rate * 100).toLocaleString('nl-BE', { maximumFractionDigits: 2 });
  return (
    <section className="panel" aria-labelledby="registration">
      <h2 id="registration">{t('REGISTRATION_RIGHTS')}</h2>
      <label className="check">
        <input type="checkbox" checked={sole} onChange={(e) => setSole(e.currentTarget.checked)} />
        {t('SOLE_OWN_HOME')}
      </label>
      <p className="panel__figure" aria-live="polite">
        {t('REGISTRATION_RIGHTS_ESTIMATE', { rate })}: <strong>{formatEuro(chosen.amount)}</strong>
      </p>
      <p className="panel__note">{t('RATES_OF_DATE', { date: registration.ratesDate.split('-').reverse().join('/') })}</p>
    </section>
  );
}
