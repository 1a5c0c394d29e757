import type { CardView } from '../../domain/bundles.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { cardPriceInput, priceParts } from '../../domain/rules/price.ts';
import { useSite } from './useSite.ts';

/** The price of a card or detail by the agency's rules, styled in parts. */
export function Price({ card, className }: { card: CardView; className?: string }) {
  const { t } = useI18n();
  const site = useSite();
  const parts = priceParts(cardPriceInput(card), { marqueeIgnore: site.marqueeIgnore, t });
  if (parts.kind !== 'price') return <p className={`price price--${parts.kind} ${className ?? ''}`}>{parts.text}</p>;
  return (
    <p className={`price ${className ?? ''}`}>
      {parts.prefix ? <span className="price__prefix">{parts.prefix} </span> : null}
      <span className="price__amount">{parts.amount}</span>
      {parts.unit ? <span className="price__unit"> {parts.unit}</span> : null}
      {parts.suffix ? <span className="price__suffix"> {parts.suffix}</span> : null}
    </p>
  );
}
