import { describe, expect, it } from '@jest/globals';
import { linkify } from './linkify';

describe('linkify', () => {
  it('leaves text without links alone', () => {
    expect(linkify('Hello Ada,\nno links here.')).toEqual([{ type: 'text', text: 'Hello Ada,\nno links here.' }]);
    expect(linkify('')).toEqual([]);
  });

  it('finds absolute links and keeps trailing punctuation as text', () => {
    expect(linkify('Reset it: http://localhost:8080/password/reset/?token=abc_123.')).toEqual([
      { type: 'text', text: 'Reset it: ' },
      { type: 'link', text: 'http://localhost:8080/password/reset/?token=abc_123', href: 'http://localhost:8080/password/reset/?token=abc_123' },
      { type: 'text', text: '.' },
    ]);
  });

  it('finds site paths that start a word', () => {
    expect(linkify('Open /password/reset/?token=t0k3n (valid 1 hour)')).toEqual([
      { type: 'text', text: 'Open ' },
      { type: 'link', text: '/password/reset/?token=t0k3n', href: '/password/reset/?token=t0k3n' },
      { type: 'text', text: ' (valid 1 hour)' },
    ]);
    expect(linkify('(/login)')).toEqual([
      { type: 'text', text: '(' },
      { type: 'link', text: '/login', href: '/login' },
      { type: 'text', text: ')' },
    ]);
  });

  it('does not turn other schemes, fractions or mid-word slashes into links', () => {
    expect(linkify('javascript:alert(1) 1/2 and/or ftp://x.example')).toEqual([
      { type: 'text', text: 'javascript:alert(1) 1/2 and/or ftp://x.example' },
    ]);
  });

  it('finds several links', () => {
    const parts = linkify('a https://x.example/1 b https://x.example/2');
    expect(parts.filter((p) => p.type === 'link').map((p) => p.text)).toEqual(['https://x.example/1', 'https://x.example/2']);
  });
});
