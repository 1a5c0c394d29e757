/**
 * Where a listing stands, and what that means for a visitor: the badge on its card, the
 * notice on its page, whether the agency still takes requests for it, and the
 * availability that search engines read in its JSON-LD.
 */

export const LISTING_STATUSES = ['available', 'option', 'reserved', 'sold', 'rented'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export function isListingStatus(value: unknown): value is ListingStatus {
  return typeof value === 'string' && (LISTING_STATUSES as readonly string[]).includes(value);
}

/** The card's badge (dictionary key); none for an available listing. */
export function statusBadgeKey(status: string): string | null {
  return isListingStatus(status) && status !== 'available' ? `STATUS_${status.toUpperCase()}` : null;
}

/** The sentence on the listing's page that says where it stands (dictionary key); none when available. */
export function statusNoticeKey(status: string): string | null {
  return isListingStatus(status) && status !== 'available' ? `PROPERTY_${status.toUpperCase()}` : null;
}

/**
 * Whether visits and requests are still taken. Under option an offer is being considered
 * and may fall through, so buyers may still ask; reserved, sold and rented are settled.
 */
export function takesRequests(status: string): boolean {
  return status === 'available' || status === 'option';
}

/** schema.org ItemAvailability of the listing's offer. */
export function schemaAvailability(status: string): string {
  switch (status) {
    case 'sold':
    case 'rented':
      return 'https://schema.org/SoldOut';
    case 'reserved':
      return 'https://schema.org/Reserved';
    case 'option':
      return 'https://schema.org/LimitedAvailability';
    default:
      return 'https://schema.org/InStock';
  }
}
