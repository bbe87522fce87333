import { idSchema } from '@pinhive/contracts';
import { newId } from './ids';
import { slugify } from './slug';

describe('ids', () => {
  it('are digits, unique within a millisecond, and later ids sort after earlier ones', () => {
    const ids = Array.from({ length: 500 }, () => newId(1_700_000_000_000));
    expect(ids.every((id) => /^\d{24}$/.test(id) && idSchema.safeParse(id).success)).toBe(true);
    expect(new Set(ids).size).toBe(500);
    expect(newId(1_700_000_000_001) > newId(1_700_000_000_000)).toBe(true);
    // Older ids had 4 random digits (20 in all): a newer id still sorts after them.
    expect(newId(1_700_000_000_001) > '17000000000009999999').toBe(true);
  });
});

describe('slugify', () => {
  it('folds accents, case and punctuation to dashes', () => {
    expect(slugify('Café Déco & Lamps!', 'board')).toBe('cafe-deco-lamps');
    expect(slugify('  2024 trips ', 'board')).toBe('2024-trips');
  });
  it('falls back when nothing is left', () => {
    expect(slugify('🌿🌿', 'board')).toBe('board');
  });
});
