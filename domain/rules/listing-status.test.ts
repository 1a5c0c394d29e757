import { describe, expect, it } from 'vitest';
import { schemaAvailability, statusBadgeKey, statusNoticeKey, takesRequests } from './listing-status.ts';

describe('a listing status, as a visitor and a crawler see it', () => {
  it.each([
    ['available', null, null, true, 'https://schema.org/InStock'],
    ['option', 'STATUS_OPTION', 'PROPERTY_OPTION', true, 'https://schema.org/LimitedAvailability'],
    ['reserved', 'STATUS_RESERVED', 'PROPERTY_RESERVED', false, 'https://schema.org/Reserved'],
    ['sold', 'STATUS_SOLD', 'PROPERTY_SOLD', false, 'https://schema.org/SoldOut'],
    ['rented', 'STATUS_RENTED', 'PROPERTY_RENTED', false, 'https://schema.org/SoldOut'],
    ['withdrawn?', null, null, false, 'https://schema.org/InStock'],
  ])('%s → badge %s, notice %s, requests %s, %s', (status, badge, notice, requests, availability) => {
    expect(statusBadgeKey(status)).toBe(badge);
    expect(statusNoticeKey(status)).toBe(notice);
    expect(takesRequests(status)).toBe(requests);
    expect(schemaAvailability(status)).toBe(availability);
  });
});
