import { normaliseRecoveryCode, RECOVERY_CODE_COUNT } from '@pinhive/contracts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';

describe('recovery codes', () => {
  it('are 10 distinct codes of the form xxxxx-xxxxx in the unambiguous alphabet', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
  });

  it('are read as typed: case, spaces, a missing dash and o/i/l for 0/1 do not matter', () => {
    expect(normaliseRecoveryCode('ABCDE-FGH23')).toBe('abcde-fgh23');
    expect(normaliseRecoveryCode(' abcde fgh23 ')).toBe('abcde-fgh23');
    expect(normaliseRecoveryCode('abcdefgh23')).toBe('abcde-fgh23');
    expect(normaliseRecoveryCode('Oabcd-Ilxyz')).toBe('0abcd-11xyz');
  });

  it.each(['', '123456', 'abcde-fgh2', 'abcde-fgh234', 'abcde-fghu3', 'abcde_fgh23'])('%p is not one', (raw) => {
    expect(normaliseRecoveryCode(raw)).toBeNull();
    expect(hashRecoveryCode('user-1', raw)).toBeNull();
  });

  it('are stored as a hash of the account and the normalised code', () => {
    const hash = hashRecoveryCode('user-1', 'abcde-fgh23');
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashRecoveryCode('user-1', 'ABCDEFGH23')).toBe(hash);
    expect(hashRecoveryCode('user-2', 'abcde-fgh23')).not.toBe(hash);
    expect(hash).not.toContain('abcde');
  });
});
