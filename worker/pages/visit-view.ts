import type { Lang } from '../../domain/lang.ts';
import type { PropertyPageView, VisitView } from '../../domain/page-data.ts';
import type { BookedVisit } from '../visits/store.ts';
import type { ContentRepository } from '../live/repository.ts';

/** Where a booked visit's calendar file and cancel page are, by its secret. */
export const visitPaths = (token: string) => ({ icsPath: `/visits/${token}/visit.ics`, cancelPath: `/visits/${token}/cancel/` });

/** What the thank-you page states of a booked visit: null for a secret that names none. */
export async function visitView(visit: BookedVisit | null, token: string, repo: ContentRepository, lang: Lang): Promise<VisitView | null> {
  if (!visit) return null;
  const property = await repo.property<PropertyPageView>(lang, visit.propertyId).catch(() => null);
  const card = property?.card;
  return {
    startsAt: visit.startsAt,
    cancelled: visit.cancelled,
    property: card ? { title: card.typeDescription || card.mainTypeName, zip: card.zip, city: card.city, reference: card.reference, path: card.path } : null,
    ...visitPaths(token),
  };
}
