import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No WCAG 2.1 A/AA violation that axe-core can find on the page as it is now, and nothing wider
 * than the window (no sideways scrolling on a phone).
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // The page as it settles: a toast or dialog fading in has, mid-way, a contrast it never keeps.
  // Endless animations (spinners) are not waited for.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
  // Only violations are reported in full: axe's other groups (passes, inapplicable) are cut to
  // one node each, which spares building a selector for every element that passed (axe-core's
  // API "Performance"). Set before withTags: options() replaces the whole options object.
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, `${what}: axe violations`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what}: wider than the window by ${overflow} px`).toBeLessThanOrEqual(0);
}
