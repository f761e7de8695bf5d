import { describe, expect, it } from 'vitest';
import { niceScale } from '../../ui/reports/BarsChart';

/** The dashboard's bars (ui/reports/BarsChart): the axis is cut in round steps that hold every bar. */
describe('niceScale', () => {
  const ticks = ({ low, high, step }: ReturnType<typeof niceScale>) =>
    Array.from({ length: Math.round((high - low) / step) + 1 }, (_, i) => low + step * i);

  it('steps of 1, 2, 2.5 or 5 times a power of ten, about four of them, from zero', () => {
    expect(niceScale(0, 19)).toEqual({ low: 0, high: 20, step: 5 });
    expect(ticks(niceScale(0, 113_925))).toEqual([0, 50_000, 100_000, 150_000]);
    expect(niceScale(0, 1)).toEqual({ low: 0, high: 1, step: 0.25 });
    expect(niceScale(0, 7)).toEqual({ low: 0, high: 8, step: 2 });
  });

  it('counts go up in whole steps', () => {
    expect(niceScale(0, 1, true)).toEqual({ low: 0, high: 1, step: 1 });
    expect(niceScale(0, 3, true)).toEqual({ low: 0, high: 3, step: 1 });
  });

  it('holds negative values below zero', () => {
    const scale = niceScale(-1_200, 3_000);
    expect(scale.low).toBeLessThanOrEqual(-1_200);
    expect(scale.high).toBeGreaterThanOrEqual(3_000);
    expect(ticks(scale)).toContain(0);
  });

  it('an all-zero period still has an axis', () => {
    expect(niceScale(0, 0)).toEqual({ low: 0, high: 1, step: 1 });
  });
});
