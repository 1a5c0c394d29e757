import { describe, it, expect } from 'vitest';
import { layoutDevice, helperDevice } from './device.ts';

describe.each([
  // width, layout, helper
  [0, 'mobile', 'mobile'],
  [320, 'mobile', 'mobile'],
  [766, 'mobile', 'mobile'],
  [766.9, 'mobile', 'mobile'],
  [767, 'tablet', 'mobile'],
  [767.5, 'tablet', 'tablet'],
  [768, 'tablet', 'tablet'],
  [960, 'tablet', 'tablet'],
  [960.1, 'tablet', 'desktop'],
  [961, 'tablet', 'desktop'],
  [1279, 'tablet', 'desktop'],
  [1279.9, 'tablet', 'desktop'],
  [1280, 'desktop', 'desktop'],
  [3840, 'desktop', 'desktop'],
  [-1, null, null],
  [Number.NaN, null, null],
  [Number.POSITIVE_INFINITY, null, null],
  ['1280', null, null],
  [null, null, null],
  [undefined, null, null],
])('width %j', (width, layout, helper) => {
  it(`layoutDevice → ${String(layout)}`, () => {
    expect(layoutDevice(width)).toBe(layout);
  });
  it(`helperDevice → ${String(helper)}`, () => {
    expect(helperDevice(width)).toBe(helper);
  });
});
