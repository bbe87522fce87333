import { describe, expect, it } from '@jest/globals';
import { readCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie among others', () => {
    expect(readCookie('csrftoken', 'a=1; csrftoken=abc-123; ph_underage=1')).toBe('abc-123');
    expect(readCookie('ph_underage', 'a=1; csrftoken=abc-123; ph_underage=1')).toBe('1');
  });
  it('answers undefined when absent or when only a longer name matches', () => {
    expect(readCookie('csrftoken', '')).toBeUndefined();
    expect(readCookie('csrf', 'csrftoken=abc')).toBeUndefined();
  });
  it('decodes percent-encoding and keeps "=" inside the value', () => {
    expect(readCookie('t', 't=a%3Db=c')).toBe('a=b=c');
    expect(readCookie('t', 't=%E0%A4%A')).toBe('%E0%A4%A');
  });
});
