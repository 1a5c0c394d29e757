import { describe, expect, it } from 'vitest';
import { rentalConditions, rentalConditionsOf } from './rental-conditions.ts';

describe('rentalConditions', () => {
  it.each([
    {
      name: 'flat with charges and inventory',
      figures: { rent: 850, charges: 90, inventoryCost: 300, bedrooms: 2 },
      expected: { minIncome: 2850, maxPersons: 5, firstRent: 850, charges: 90, inventoryShare: 150, deposit: 2550 },
    },
    { name: 'studio without charges', figures: { rent: 575, bedrooms: 0 }, expected: { minIncome: 1750, maxPersons: 2, firstRent: 575, charges: 0, inventoryShare: 0, deposit: 1725 } },
    {
      name: 'deposit stated by the listing wins',
      figures: { rent: 1000, deposit: 2000, bedrooms: 3 },
      expected: { minIncome: 3000, maxPersons: 7, firstRent: 1000, charges: 0, inventoryShare: 0, deposit: 2000 },
    },
    { name: 'income rounds up to 50', figures: { rent: 701, charges: 0 }, expected: { minIncome: 2150, maxPersons: 2, firstRent: 701, charges: 0, inventoryShare: 0, deposit: 2103 } },
  ])('$name', ({ figures, expected }) => {
    expect(rentalConditions(figures)).toEqual(expected);
  });

  it.each([0, -5, Number.NaN])('has no conditions without a rent (%s)', (rent) => {
    expect(rentalConditions({ rent })).toBeNull();
  });
});

describe('rentalConditionsOf', () => {
  it.each([
    {
      name: 'a rental with its listed figures',
      card: { price: 900, bedrooms: 1, goal: 1 },
      fields: { ChargesRenter: 50, InventoryCost: 400, DepositAmount: null },
      expected: { minIncome: 2850, maxPersons: 3, firstRent: 900, charges: 50, inventoryShare: 200, deposit: 2700 },
    },
    { name: 'a sale', card: { price: 250000, bedrooms: 3, goal: 0 }, fields: {}, expected: null },
    { name: 'a rental on request', card: { price: null, bedrooms: 2, goal: 1 }, fields: {}, expected: null },
  ])('$name', ({ card, fields, expected }) => {
    expect(rentalConditionsOf({ card, fields })).toEqual(expected);
  });
});
