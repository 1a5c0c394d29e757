import type { CardView } from '../../domain/bundles.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { PropertyCard } from './PropertyCard.tsx';

/** Other properties like this one, at the foot of a property page. */
export function SimilarProperties({ cards }: { cards: CardView[] }) {
  const { t } = useI18n();
  return (
    <section className="similar" aria-labelledby="similar">
      <h2 id="similar">{t('SIMILAR_PROPERTIES')}</h2>
      <div className="grid grid--4">
        {cards.map((c) => (
          <PropertyCard key={c.id} card={c} />
        ))}
      </div>
    </section>
  );
}
