import { describe, expect, it } from 'vitest';
import { spreadSample } from './objectIndex.ts';

describe('spreadSample', () => {
  it('takes entries evenly over the whole list, first included', () => {
    expect(spreadSample([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 5)).toEqual([0, 2, 4, 6, 8]);
  });
  it('gives the whole list when it is short, and nothing for no count', () => {
    expect(spreadSample([3, 4], 5)).toEqual([3, 4]);
    expect(spreadSample([3, 4], 0)).toEqual([]);
  });
});
