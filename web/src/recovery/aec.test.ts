import { describe, expect, it } from '@jest/globals';
import { readAec, SOFT_BAN_AEC_CODES } from './aec';

describe('readAec', () => {
  it('does nothing without the parameter', () => {
    expect(readAec('')).toBeNull();
    expect(readAec('?next=%2Fpin%2F1%2F')).toBeNull();
  });

  it.each(SOFT_BAN_AEC_CODES)('opens the soft-banned modal for %s and removes the parameter', (code) => {
    expect(readAec(`?aec=${code}`)).toEqual({ softBanned: true, search: '' });
  });

  it('removes other codes without opening anything, keeping the other parameters', () => {
    expect(readAec('?a=1&aec=other&b=2')).toEqual({ softBanned: false, search: '?a=1&b=2' });
    expect(readAec('?aec=')).toEqual({ softBanned: false, search: '' });
  });

  it('is exact: case and look-alikes do not count', () => {
    expect(readAec('?aec=SB')?.softBanned).toBe(false);
    expect(readAec('?aec=soft_ban_x')?.softBanned).toBe(false);
  });
});
