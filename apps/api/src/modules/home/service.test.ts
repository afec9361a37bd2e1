import { describe, expect, it } from 'vitest';
import { trendOf } from './service';

describe('trendOf', () => {
  it('gives the change from yesterday as a percentage and a direction', () => {
    expect(trendOf(120, 100)).toEqual({ today: 120, yesterday: 100, change_percent: 20, direction: 'up' });
    expect(trendOf(75, 100)).toEqual({ today: 75, yesterday: 100, change_percent: -25, direction: 'down' });
    expect(trendOf(5, 5)).toMatchObject({ change_percent: 0, direction: 'flat' });
  });

  it('has no percentage when yesterday was zero', () => {
    expect(trendOf(3, 0)).toEqual({ today: 3, yesterday: 0, change_percent: null, direction: 'up' });
    expect(trendOf(0, 0)).toMatchObject({ change_percent: null, direction: 'flat' });
  });
});
