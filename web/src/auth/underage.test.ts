import { describe, expect, it } from '@jest/globals';
import { hasUnderageFlag } from './underage';

describe('hasUnderageFlag', () => {
  it('is set only by ph_underage=1', () => {
    expect(hasUnderageFlag('csrftoken=x; ph_underage=1')).toBe(true);
    expect(hasUnderageFlag('ph_underage=0')).toBe(false);
    expect(hasUnderageFlag('ph_underage=11')).toBe(false);
    expect(hasUnderageFlag('')).toBe(false);
  });
});
