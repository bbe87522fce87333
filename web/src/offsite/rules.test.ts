import { describe, expect, it } from '@jest/globals';
import { destination, isOutbound } from './rules';

const origin = 'http://localhost:8080';

describe('outbound links', () => {
  it('are http(s) links to another origin', () => {
    expect(isOutbound('https://example.com/a', origin)).toBe(true);
    expect(isOutbound('http://localhost:8081/', origin)).toBe(true);
    expect(isOutbound('/pin/1/', origin)).toBe(false);
    expect(isOutbound('http://localhost:8080/offsite/?token=x', origin)).toBe(false);
    expect(isOutbound('mailto:a@example.com', origin)).toBe(false);
    expect(isOutbound('javascript:void(0)', origin)).toBe(false);
  });

  it('go through the signed path when followed, nowhere when not, and as they are when the check failed', () => {
    expect(destination({ redirect_status: 'ok', url: '/offsite/?token=t&url=x' }, 'https://example.com/', origin)).toBe('http://localhost:8080/offsite/?token=t&url=x');
    for (const status of ['blocked', 'suspicious', 'porn'] as const) expect(destination({ redirect_status: status, url: 'https://bad.example/' }, 'https://bad.example/', origin)).toBeNull();
    expect(destination('check failed', 'https://example.com/', origin)).toBe('https://example.com/');
  });
});
