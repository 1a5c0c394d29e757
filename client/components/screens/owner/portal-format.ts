/** How the portal writes dates, months and property names, in the page's language. */
import type { OwnerPropertyView } from '../../../../domain/page-data.ts';
import { useI18n } from '../../../i18n/i18n.tsx';
import type { Translate } from '../../../../domain/i18n/translator.ts';

export function useFormats() {
  const { lang } = useI18n();
  const date = new Intl.DateTimeFormat(`${lang}-BE`, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const short = new Intl.DateTimeFormat(`${lang}-BE`, { day: 'numeric', month: 'numeric', timeZone: 'UTC' });
  const day = (d: string) => new Date(`${d}T00:00:00Z`);
  return {
    date: (d: string) => date.format(day(d)),
    short: (d: string) => short.format(day(d)),
    month: (m: string) => new Intl.DateTimeFormat(`${lang}-BE`, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(day(`${m}-01`)),
    /** An instant as the agency's office reads it: day, month and time in Brussels. */
    at: (iso: string) => {
      const at = new Date(iso);
      return {
        date: new Intl.DateTimeFormat(`${lang}-BE`, { day: 'numeric', month: 'numeric', timeZone: 'Europe/Brussels' }).format(at),
        time: new Intl.DateTimeFormat(`${lang}-BE`, { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Brussels' }).format(at),
      };
    },
  };
}

export function propertyName(t: Translate, p: OwnerPropertyView): string {
  const name = [p.title, p.city].filter(Boolean).join(' – ');
  return name || t('PROPERTY_NUMBER', { id: p.id });
}

/** The owner's statistics: a property (or all), visits, 30 days, history, online media. */
