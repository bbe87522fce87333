import { describe, expect, it } from '@jest/globals';
import { errorCatalogue, PRODUCT_NAME } from '@pinhive/contracts';
import en from './en.json';
import { specStrings } from './specStrings';

/** Every text the app can show: en.json's values with the product filled in and markup dropped. */
function texts(node: unknown): string[] {
  if (typeof node === 'string') return [node.replaceAll('{{product}}', PRODUCT_NAME).replace(/<\/?[a-zA-Z]+>/g, '')];
  if (node && typeof node === 'object') return Object.values(node).flatMap(texts);
  return [];
}

describe("the spec's strings", () => {
  const shown = new Set([...texts(en), ...Object.values(errorCatalogue).map((e) => e.message)]);

  it.each(specStrings.inScope)('shows "%s" somewhere, word for word', (text) => {
    expect(shown.has(text)).toBe(true);
  });

  it('lists each string once, in one of the two lists', () => {
    const all = [...specStrings.inScope, ...specStrings.later];
    expect(new Set(all).size).toBe(all.length);
  });
});
