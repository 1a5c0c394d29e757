import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from './load.ts';
import type { ContentSource } from './schema.ts';
import { registrationDue, registrationEntryOn } from '../domain/rules/buying-costs.ts';
import { regionOf } from '../domain/rules/region.ts';
import { renovationYearsOf } from './compile/properties.ts';

// What the demo agency states must agree with what its pages compute from it: a buyer
// who reads two figures for one thing trusts neither.
let content: ContentSource;
beforeAll(async () => {
  const result = await loadContent('content/demo');
  if (!result.ok) throw new Error('demo content is invalid');
  content = result.content;
});

describe('the demo agency states what its pages compute', () => {
  it('registration rights on each listing are the estimate the page shows first (standard rate of its region)', () => {
    const listed = content.properties.filter((p) => typeof p.RegistrationRights === 'number');
    expect(listed.length).toBeGreaterThan(20);
    const contradicting = listed.flatMap((p) => {
      const region = regionOf(p.Zip, p.CountryID);
      const entry = region && registrationEntryOn(content.site.buyingCosts.registration, region, '2026-11-26');
      const estimate = entry && p.Price !== null ? registrationDue(p.Price, entry, 'other') : null;
      return estimate && estimate.amount === p.RegistrationRights ? [] : [`${p.ID}: ${p.RegistrationRights} ≠ ${estimate?.amount ?? 'no estimate'}`];
    });
    expect(contradicting).toEqual([]);
  });

  it('a price kept on demand is not revealed by costs computed from it', () => {
    const hidden = content.properties.filter((p) => p.PriceOnDemand === true || p.PublishPrice === false);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.filter((p) => p.RegistrationRights != null || p.NotaryFeeIncVat != null).map((p) => p.ID)).toEqual([]);
  });

  it('a rental states its monthly total as the rent plus the charges the tenant pays', () => {
    const rentals = content.properties.filter((p) => p.Goal !== 0 && typeof p.TotalCost === 'number');
    expect(rentals.length).toBeGreaterThan(10);
    expect(rentals.filter((p) => p.TotalCost !== (p.Price ?? 0) + (p.ChargesRenter ?? 0)).map((p) => p.ID)).toEqual([]);
  });

  it('no listing outside Flanders carries the Flemish renovation duty', () => {
    const walloon = content.properties.filter((p) => regionOf(p.Zip, p.CountryID) !== 'flanders');
    expect(walloon.length).toBeGreaterThan(50);
    expect(walloon.filter((p) => renovationYearsOf(p, 'fr') !== null).map((p) => p.ID)).toEqual([]);
  });
});
