import { describe, expect, it } from 'vitest';
import { barChart, niceCeiling } from './chart.ts';

describe('chart scale', () => {
  it.each([
    [0, 1],
    [1, 1],
    [3, 5],
    [7, 10],
    [12, 20],
    [21, 25],
    [26, 50],
    [120, 200],
    [1001, 2000],
  ])('niceCeiling(%d) = %d', (value, nice) => {
    expect(niceCeiling(value)).toBe(nice);
  });
});

describe('bar chart', () => {
  const chart = barChart([0, 5, 10], 336, 220, 36, 24);

  it('scales the tallest bar to the rounded maximum and an empty day to nothing', () => {
    expect(chart.max).toBe(10);
    expect(chart.bars.map((b) => b.height)).toEqual([0, 94, 188]);
    expect(chart.bars[2]?.y).toBe(8);
    expect(chart.bars[0]?.y).toBe(196);
  });

  it('places bars side by side after the axis, inside the box', () => {
    expect(chart.bars.map((b) => b.x)).toEqual([38, 138, 238]);
    for (const bar of chart.bars) expect(bar.x + bar.width).toBeLessThanOrEqual(336);
  });

  it('has round gridlines from 0 to the maximum', () => {
    expect(chart.ticks.map((t) => t.value)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(chart.ticks[0]?.y).toBe(196);
    expect(chart.ticks.at(-1)?.y).toBe(8);
  });

  it('small counts get whole-number gridlines', () => {
    expect(barChart([1, 2, 3]).ticks.map((t) => t.value)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(barChart([19]).ticks.map((t) => t.value)).toEqual([0, 4, 8, 12, 16, 20]);
    expect(barChart([240]).ticks.map((t) => t.value)).toEqual([0, 50, 100, 150, 200, 250]);
    expect(barChart([0, 0]).ticks.map((t) => t.value)).toEqual([0, 1]);
  });
});
