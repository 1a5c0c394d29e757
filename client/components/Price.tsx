import type { CardView } from '../../domain/bundles.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { cardPriceInput, priceDropOf, priceParts } from '../../domain/rules/price.ts';
import { useSite } from './useSite.ts';

/** "12/11" in Belgian usage (fr, nl, en), "12.11." in German: the day of a price drop. */
function dayAndMonth(day: string, lang: string): string {
  return new Intl.DateTimeFormat(`${lang}-BE`, { day: 'numeric', month: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** The price of a card or detail by the agency's rules, styled in parts. */
export function Price({ card, className }: { card: CardView; className?: string }) {
  const { t, lang } = useI18n();
  const site = useSite();
  const input = cardPriceInput(card);
  const parts = priceParts(input, { marqueeIgnore: site.marqueeIgnore, t });
  if (parts.kind !== 'price') return <p className={`price price--${parts.kind} ${className ?? ''}`}>{parts.text}</p>;
  const drop = priceDropOf(card, true);
  const previous = drop ? priceParts({ ...input, Price: drop.previous }, { marqueeIgnore: site.marqueeIgnore, t }) : null;
  return (
    <div className={`price-block ${className ?? ''}`}>
      <p className="price">
        {previous?.kind === 'price' ? (
          <del className="price__previous">
            <span className="visually-hidden">{t('PRICE_PREVIOUS')} </span>
            {previous.amount}
          </del>
        ) : null}
        {previous ? ' ' : null}
        {parts.prefix ? <span className="price__prefix">{parts.prefix} </span> : null}
        <span className="price__amount">{parts.amount}</span>
        {parts.unit ? <span className="price__unit"> {parts.unit}</span> : null}
        {parts.suffix ? <span className="price__suffix"> {parts.suffix}</span> : null}
      </p>
      {drop ? <p className="price__drop">{t('PRICE_REDUCED', { percent: drop.percent, date: dayAndMonth(drop.on, lang) })}</p> : null}
    </div>
  );
}
