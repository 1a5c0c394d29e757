import type { PropertyPageView } from '../../domain/page-data.ts';
import { shownGroups } from '../../domain/rules/property-fields.ts';
import { useI18n } from '../i18n/i18n.tsx';

/** A property's facts in the groups a Belgian buyer or tenant reads them in (surfaces, energy, risks, …). */
export function PropertyFactGroups({ fields }: { fields: PropertyPageView['fields'] }) {
  const { t } = useI18n();
  return shownGroups(fields, t).map((group) => (
    <section key={group.id} aria-labelledby={`group-${group.id}`} className="facts-group">
      <h2 id={`group-${group.id}`}>{group.title}</h2>
      <dl className="facts">
        {group.fields.map((field) => (
          <div key={field.field} className="facts__row">
            <dt>{field.label}</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
      </dl>
      {group.id === 'risk' ? <p className="panel__note">{t('WATER_SCORE_INFO')}</p> : null}
    </section>
  ));
}
