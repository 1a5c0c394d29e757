import type { PropertyPageView } from '../../domain/page-data.ts';
import { factsOfFields, legalLines, legalRegionOf, type LegalLine, type LegalStatement } from '../../domain/rules/listing-law.ts';
import { utcDay } from '../../domain/rules/gone.ts';
import { LAND_FIELD_OF } from '../../domain/rules/land-law.ts';
import { useI18n } from '../i18n/i18n.tsx';

const LABEL_KEYS: Record<LegalStatement, string> = {
  'epc-score': 'LEGAL_EPC_SCORE',
  'epc-label': 'LEGAL_EPC_LABEL',
  'epc-reference': 'LEGAL_EPC_REFERENCE',
  'e-level': 'LEGAL_E_LEVEL',
  co2: 'LEGAL_CO2',
  'flood-p-score': 'LEGAL_P_SCORE',
  'flood-g-score': 'LEGAL_G_SCORE',
  permit: 'LEGAL_PERMIT',
  zoning: 'LEGAL_ZONING',
  enforcement: 'LEGAL_ENFORCEMENT',
  preemption: 'LEGAL_PREEMPTION',
  'allotment-permit': 'LEGAL_ALLOTMENT_PERMIT',
  asbestos: 'LEGAL_ASBESTOS',
};

const UNIT_KEYS = { 'kwh-per-m2': 'LEGAL_KWH_PER_M2', 'co2-per-m2': 'LEGAL_CO2_PER_M2', 'e-level': 'LEGAL_E_LEVEL_VALUE' } as const;

const REGION_KEYS = { flanders: 'REGION_FLANDERS', wallonia: 'REGION_WALLONIA', brussels: 'REGION_BRUSSELS' } as const;

/**
 * Every statement the law of the listing's region asks an advertisement to make, in force
 * today, with what the listing states; what the seller has not provided says so instead of
 * being left out, so a buyer sees the gap. Luxembourg listings have no Belgian block.
 */
export function LegalInformation({ fields }: { fields: PropertyPageView['fields'] }) {
  const { t } = useI18n();
  const facts = factsOfFields(fields);
  const region = facts ? legalRegionOf(facts) : null;
  if (!facts || region === null || region === 'luxembourg') return null;
  const lines = legalLines(facts, utcDay(new Date()));
  const filled = new Set(String(fields.LandFilled ?? '').split(','));
  const fromMap = (statement: LegalStatement) => (filled.has(LAND_FIELD_OF[statement] ?? '') ? ` (${t('LEGAL_FROM_OFFICIAL_MAP')})` : '');
  if (lines.length === 0) return null;
  const valueText = (value: NonNullable<LegalLine['value']>): string => {
    switch (value.kind) {
      case 'text':
        return value.text;
      case 'measure':
        return t(UNIT_KEYS[value.unit], { value: value.amount });
      case 'yes-no':
        return t(value.yes ? 'YES' : 'NO');
      case 'code':
        return t(`${value.prefix}_${value.code.toUpperCase().replace(/-/g, '_')}`);
      case 'address':
        return t('LEGAL_ADDRESS_PUBLISHED');
    }
  };
  return (
    <section className="panel legal" aria-labelledby="legal-title">
      <h2 id="legal-title">{t('LEGAL_INFORMATION')}</h2>
      <p className="panel__note">{t('LEGAL_INTRO', { region: t(REGION_KEYS[region]) })}</p>
      <dl className="facts">
        {lines.map((line) => (
          <div key={line.statement} className="facts__row">
            <dt>
              {t(LABEL_KEYS[line.statement])}
              {line.when === 'signing' ? <span className="legal__when"> ({t('LEGAL_AT_SIGNING')})</span> : null}
            </dt>
            <dd className={line.value === null ? 'legal__missing' : undefined}>{line.value === null ? t('LEGAL_NOT_PROVIDED') : `${valueText(line.value)}${fromMap(line.statement)}`}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
