import { describe, expect, it } from 'vitest';
import { autoplayInterval, nextSlide, slideState } from './slider.ts';

describe('slideState', () => {
  it.each([
    [{ playing: false, hovered: false, focused: false }, 'paused'],
    [{ playing: false, hovered: true, focused: true }, 'paused'],
    [{ playing: true, hovered: false, focused: false }, 'playing'],
    [{ playing: true, hovered: true, focused: false }, 'hovered'],
    [{ playing: true, hovered: false, focused: true }, 'focused'],
    [{ playing: true, hovered: true, focused: true }, 'focused'],
  ])('%j → %s', (input, expected) => expect(slideState(input)).toBe(expected));
});

describe('nextSlide', () => {
  it.each([
    [0, 1, 3, 1],
    [2, 1, 3, 0],
    [0, -1, 3, 2],
    [1, -4, 3, 0],
    [0, 1, 1, 0],
    [0, 1, 0, 0],
    [Number.NaN, 1, 3, 1],
    [1, Number.NaN, 3, 1],
    [0, 1, -2, 0],
  ])('from %s by %s of %s → %s', (index, delta, count, expected) => expect(nextSlide(index, delta, count)).toBe(expected));
});

describe('autoplayInterval', () => {
  it.each([
    [5000, 5050],
    [3000, 3050],
    [0, 5050],
    [-1, 5050],
    [null, 5050],
    [Number.NaN, 5050],
  ])('%s → %s', (speed, expected) => expect(autoplayInterval(speed)).toBe(expected));
});
