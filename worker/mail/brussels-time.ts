import type { Lang } from '../../domain/lang.ts';

/** An instant as the agency reads it in a mail: its date and time in Brussels, in the reader's language. */
export function brusselsTime(iso: string, lang: Lang): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(`${lang}-BE`, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Brussels' }).format(at);
}
