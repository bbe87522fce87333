import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ImpressionTimers, isVisibleShare } from './impressions';

let counted: string[];
let timers: ImpressionTimers;

beforeEach(() => {
  jest.useFakeTimers();
  counted = [];
  timers = new ImpressionTimers((key) => counted.push(key));
});

afterEach(() => {
  timers.dispose();
  jest.useRealTimers();
});

describe('when a promoted item counts as seen', () => {
  it('takes at least half of it in view', () => {
    expect(isVisibleShare(0.49)).toBe(false);
    expect(isVisibleShare(0.5)).toBe(true);
    expect(isVisibleShare(1)).toBe(true);
  });

  it('counts an item half in view for a full second', () => {
    timers.seen('a', 0.6);
    jest.advanceTimersByTime(999);
    expect(counted).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(counted).toEqual(['a']);
  });

  it('does not count an item less than half in view, however long', () => {
    timers.seen('a', 0.4);
    jest.advanceTimersByTime(10_000);
    expect(counted).toEqual([]);
  });

  it('starts the second again when the item leaves view before it is up', () => {
    timers.seen('a', 0.8);
    jest.advanceTimersByTime(900);
    timers.seen('a', 0.2);
    jest.advanceTimersByTime(900);
    timers.seen('a', 0.7);
    jest.advanceTimersByTime(900);
    expect(counted).toEqual([]);
    jest.advanceTimersByTime(100);
    expect(counted).toEqual(['a']);
  });

  it('counts an item once per page view', () => {
    timers.seen('a', 1);
    jest.advanceTimersByTime(1000);
    timers.seen('a', 0);
    timers.seen('a', 1);
    jest.advanceTimersByTime(5000);
    expect(counted).toEqual(['a']);
    expect(timers.hasCounted('a')).toBe(true);
  });

  it('keeps a changing share above half as one wait', () => {
    timers.seen('a', 0.5);
    jest.advanceTimersByTime(600);
    timers.seen('a', 1);
    jest.advanceTimersByTime(400);
    expect(counted).toEqual(['a']);
  });

  it('does not count while the page is hidden, and waits a full second again when it is shown', () => {
    timers.seen('a', 1);
    jest.advanceTimersByTime(500);
    timers.setPageVisible(false);
    jest.advanceTimersByTime(5000);
    expect(counted).toEqual([]);
    timers.setPageVisible(true);
    jest.advanceTimersByTime(999);
    expect(counted).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(counted).toEqual(['a']);
  });

  it('times each item on its own', () => {
    timers.seen('a', 1);
    jest.advanceTimersByTime(500);
    timers.seen('b', 1);
    jest.advanceTimersByTime(500);
    expect(counted).toEqual(['a']);
    jest.advanceTimersByTime(500);
    expect(counted).toEqual(['a', 'b']);
  });
});
