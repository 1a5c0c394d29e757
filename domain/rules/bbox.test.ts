import { describe, expect, it } from 'vitest';
import { inBbox, parseBbox, writeBbox } from './bbox.ts';

describe('parseBbox', () => {
  it.each([
    ['4.8,50.4,5.0,50.5', { west: 4.8, south: 50.4, east: 5, north: 50.5 }],
    ['-0.1234,51.1,0.5,51.6', { west: -0.1234, south: 51.1, east: 0.5, north: 51.6 }],
  ])('reads %s', (value, box) => expect(parseBbox(value)).toEqual(box));

  it.each([
    ['three numbers', '4.8,50.4,5.0'],
    ['west east of east', '5.0,50.4,4.8,50.5'],
    ['south north of north', '4.8,50.5,5.0,50.4'],
    ['a latitude past the poles of the map', '4.8,-86,5.0,50'],
    ['words', '4.8,50.4,five,50.5'],
    ['exponent notation', '4.8,50.4,5e0,50.5'],
    ['empty', ''],
    ['not a string', 42],
  ])('refuses %s', (_name, value) => expect(parseBbox(value)).toBeUndefined());
});

describe('writeBbox', () => {
  it('rounds to four decimals, so a small pan keeps one address', () => {
    expect(writeBbox({ west: 4.812345, south: 50.400049, east: 5.00001, north: 50.5 })).toBe('4.8123,50.4,5,50.5');
  });
  it('reads back what it writes', () => {
    const box = { west: 5.7, south: 49.6, east: 5.9, north: 49.8 };
    expect(parseBbox(writeBbox(box))).toEqual(box);
  });
});

describe('inBbox', () => {
  const box = { west: 4.8, south: 50.4, east: 5.0, north: 50.5 };
  it.each([
    [50.45, 4.9, true],
    [50.4, 4.8, true],
    [50.51, 4.9, false],
    [50.45, 5.01, false],
  ])('lat %d lng %d → %s', (lat, lng, inside) => expect(inBbox(box, lat, lng)).toBe(inside));
});
