/**
 * When a visit takes place, as the agency's visitors read it: in Brussels time, with the
 * weekday, e.g. "lundi 4 février 2030 à 14:00", "maandag 4 februari 2030 om 14:00".
 * One wording for the thank-you page, the visitor's mail and the agency's mail.
 */
export function visitTime(startsAt: string, lang: string): string {
  return new Intl.DateTimeFormat(`${lang}-BE`, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Brussels' }).format(
    new Date(startsAt),
  );
}
