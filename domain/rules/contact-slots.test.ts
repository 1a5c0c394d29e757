import { describe, it, expect } from 'vitest';
import { contactTimeSlots } from './contact-slots.ts';

const STANDARD = ['10:00-13:00', '14:00-16:00', '16:00-19:00'];
const DUTCH = ['10:00-13:00', '13:00-16:00', '16:00-19:00'];

describe('contactTimeSlots', () => {
  it.each([
    ['nl', DUTCH],
    ['fr', STANDARD],
    ['en', STANDARD],
    ['de', STANDARD],
    ['NL', STANDARD],
    ['nl-BE', STANDARD],
    ['', STANDARD],
    [null, STANDARD],
    [undefined, STANDARD],
  ])('%j → %j', (lang, labels) => {
    const slots = contactTimeSlots(lang);
    expect(slots.map((slot) => slot.label)).toEqual(labels);
    expect(slots.map((slot) => slot.id)).toEqual(['morning', 'afternoon', 'evening']);
  });

  it("returns a fresh array each call, so a caller cannot change another caller's slots", () => {
    const first = contactTimeSlots('fr');
    first.pop();
    expect(contactTimeSlots('fr')).toHaveLength(3);
  });
});
