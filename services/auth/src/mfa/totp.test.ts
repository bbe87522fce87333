import { Secret, TOTP, URI } from 'otpauth';
import { codeAt, matchStep, newTotpSecret, otpauthUri, stepAt, TOTP_PERIOD_SECONDS } from './totp';

/** RFC 6238 appendix B's SHA-1 secret ("12345678901234567890") in base32. */
const RFC_SECRET = Secret.fromLatin1('12345678901234567890').base32;
const at = (seconds: number) => seconds * 1000;
const NEVER_USED = -1;

describe('the codes (RFC 6238 test vectors, 6 of their 8 digits)', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('at T=%i the code is %s', (seconds, code) => {
    expect(codeAt(RFC_SECRET, stepAt(at(seconds)))).toBe(code);
    expect(matchStep(RFC_SECRET, code, at(seconds), NEVER_USED)).toBe(Math.floor(seconds / TOTP_PERIOD_SECONDS));
  });

  it('are what an authenticator app (otpauth, as apps compute) shows for the link', () => {
    const secret = newTotpSecret();
    const uri = otpauthUri(secret, 'ada@example.com');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Pinhive:ada%40example\.com\?/);
    expect(uri).toContain('issuer=Pinhive');
    expect(uri).toContain('algorithm=SHA1');
    expect(uri).toContain('digits=6');
    expect(uri).toContain('period=30');
    const now = Date.UTC(2026, 2, 1, 12, 0, 10);
    // The app reads the link (as from the QR code) and shows the code of the moment.
    const app = URI.parse(uri);
    expect(app).toBeInstanceOf(TOTP);
    const shown = (app as TOTP).generate({ timestamp: now });
    expect(matchStep(secret, shown, now, NEVER_USED)).toBe(stepAt(now));
  });

  it('come from 160-bit random secrets', () => {
    const a = newTotpSecret();
    expect(Secret.fromBase32(a).bytes).toHaveLength(20);
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(a);
  });
});

describe('drift: one step either side of the clock', () => {
  const secret = newTotpSecret();
  // The middle of a step, so that the window is exactly the steps before and after.
  const now = (stepAt(Date.UTC(2026, 0, 1)) + 0.5) * TOTP_PERIOD_SECONDS * 1000;
  const step = stepAt(now);

  it.each([-1, 0, 1])('accepts the code of step %+i', (delta) => {
    expect(matchStep(secret, codeAt(secret, step + delta), now, NEVER_USED)).toBe(step + delta);
  });

  it.each([-3, -2, 2, 3])('refuses the code of step %+i', (delta) => {
    const code = codeAt(secret, step + delta);
    // A code of another step may by chance equal one in the window (1 in 10^6): then it is that step's.
    const inWindow = [-1, 0, 1].some((d) => codeAt(secret, step + d) === code);
    expect(matchStep(secret, code, now, NEVER_USED)).toBe(inWindow ? expect.any(Number) : null);
  });

  it("follows the injected clock: a code good now is refused two steps later", () => {
    const code = codeAt(secret, step);
    expect(matchStep(secret, code, now + at(TOTP_PERIOD_SECONDS), NEVER_USED)).toBe(step);
    expect(matchStep(secret, code, now + at(2 * TOTP_PERIOD_SECONDS), NEVER_USED)).toBeNull();
  });
});

describe('replay: a step works once, and never after a later one', () => {
  const secret = newTotpSecret();
  const now = (stepAt(Date.UTC(2026, 5, 1)) + 0.5) * TOTP_PERIOD_SECONDS * 1000;
  const step = stepAt(now);

  it('refuses the code of the step used last', () => {
    expect(matchStep(secret, codeAt(secret, step), now, step)).toBeNull();
  });

  it('refuses an older code of the window once a newer one was used', () => {
    expect(matchStep(secret, codeAt(secret, step - 1), now, step)).toBeNull();
    expect(matchStep(secret, codeAt(secret, step), now, step + 1)).toBeNull();
  });

  it('accepts a later code of the window after an earlier one', () => {
    expect(matchStep(secret, codeAt(secret, step), now, step - 1)).toBe(step);
    expect(matchStep(secret, codeAt(secret, step + 1), now, step)).toBe(step + 1);
  });
});

describe('format', () => {
  const secret = newTotpSecret();
  const now = Date.UTC(2026, 0, 1, 0, 0, 15);
  const code = codeAt(secret, stepAt(now));

  it.each(['', '12345', '1234567', 'abcdef', ' 123456', `${code} `, `${code.slice(0, 3)}-${code.slice(3)}`, '１２３４５６'])('refuses %p', (typed) => {
    expect(matchStep(secret, typed, now, NEVER_USED)).toBeNull();
  });

  it('refuses a wrong code of the right shape', () => {
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const inWindow = [-1, 0, 1].some((d) => codeAt(secret, stepAt(now) + d) === wrong);
    if (!inWindow) expect(matchStep(secret, wrong, now, NEVER_USED)).toBeNull();
  });
});
