import { isDuplicateKey } from './duplicate-key';

describe('isDuplicateKey', () => {
  it("knows an insert's 11000 and FerretDB's update clash, and nothing else", () => {
    expect(isDuplicateKey({ code: 11000, message: 'E11000 duplicate key error' })).toBe(true);
    expect(isDuplicateKey(Object.assign(new Error('ERROR: duplicate key value violates unique constraint "x" (SQLSTATE 23505)'), { code: 1 }))).toBe(true);
    expect(isDuplicateKey(new Error('connection refused'))).toBe(false);
    expect(isDuplicateKey(null)).toBe(false);
    expect(isDuplicateKey('duplicate key')).toBe(false);
  });
});
