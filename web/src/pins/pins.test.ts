import { describe, expect, it } from '@jest/globals';
import { closeupLayout, linkHost, scaledHeight } from './closeup';
import { nearGridEnd, throttle } from './fetchMore';

describe('close-up layout', () => {
  it('is narrow under 870, medium to 1275, wide above', () => {
    expect(closeupLayout(375)).toBe('narrow');
    expect(closeupLayout(869)).toBe('narrow');
    expect(closeupLayout(870)).toBe('medium');
    expect(closeupLayout(1275)).toBe('medium');
    expect(closeupLayout(1276)).toBe('wide');
  });
  it('keeps the image shape and shows link hosts', () => {
    expect(scaledHeight({ width: 472, height: 944 })).toBe(472);
    expect(scaledHeight({ width: 0, height: 10 }, 100)).toBe(100);
    expect(linkHost('https://www.example.com/x')).toBe('example.com');
    expect(linkHost('javascript:alert(1)')).toBeNull();
    expect(linkHost(null)).toBeNull();
  });
});

describe('grid loading more', () => {
  it('asks when the end is within 2 viewport heights', () => {
    expect(nearGridEnd(800 * 3, 800)).toBe(true);
    expect(nearGridEnd(800 * 3 + 1, 800)).toBe(false);
  });
  it('throttles to one call per 200 ms, with a trailing call', () => {
    let clock = 0;
    const scheduled: Array<() => void> = [];
    let calls = 0;
    const run = throttle(() => calls++, 200, () => clock, (callback) => scheduled.push(callback));
    run();
    run();
    run();
    expect(calls).toBe(1);
    expect(scheduled).toHaveLength(1);
    clock = 200;
    scheduled[0]!();
    expect(calls).toBe(2);
    clock = 450;
    run();
    expect(calls).toBe(3);
  });
});
