import { describe, expect, it } from '@jest/globals';
import { HUMAN_CHECK_REFRESH_MS, type HumanCheckDemand } from '@pinhive/contracts';
import { heldToken, humanCheckBusy, humanCheckReducer, refreshDelay, type HumanCheckEvent, type HumanCheckState } from './state';

const LOCAL: HumanCheckDemand = { human_check: 'local', ip_rule: true };
const RECAPTCHA: HumanCheckDemand = { human_check: 'recaptcha-enterprise', site_key: 'site-key', ip_rule: true };

/** The state after these events, from no check. */
const after = (...events: HumanCheckEvent[]): HumanCheckState | null => events.reduce(humanCheckReducer, null);
const demanded = (demand: HumanCheckDemand = LOCAL): HumanCheckEvent => ({ type: 'demanded', demand });
const passed = (token = 'local.t1', at = 1000): HumanCheckEvent => ({ type: 'passed', token, at });

describe('when the check shows', () => {
  it('shows nothing until an attempt is answered "too quick"', () => {
    expect(after()).toBeNull();
    expect(after({ type: 'attempt_failed' }, { type: 'fetching' }, passed(), { type: 'sent' })).toBeNull();
  });

  it('appears on the demand, unticked, with the focus on it', () => {
    expect(after(demanded())).toEqual({ demand: LOCAL, phase: 'waiting', token: null, round: 0, focus: 1, notice: null });
  });

  it('says reCAPTCHA cannot load when the demand has no site key', () => {
    expect(after(demanded({ human_check: 'recaptcha-enterprise', ip_rule: true }))?.notice).toBe('load_failed');
    expect(after(demanded(RECAPTCHA))?.notice).toBeNull();
  });

  it('ends with a successful log-in', () => {
    expect(after(demanded(), { type: 'fetching' }, passed(), { type: 'sent' }, { type: 'logged_in' })).toBeNull();
  });
});

describe('the local check', () => {
  it('asks for a token when ticked, then holds it for the next attempt', () => {
    const fetching = after(demanded(), { type: 'fetching' });
    expect(fetching?.phase).toBe('fetching');
    expect(humanCheckBusy(fetching)).toBe(true);
    const holding = humanCheckReducer(fetching, passed('local.abc', 5000));
    expect(holding).toMatchObject({ phase: 'holding', token: { value: 'local.abc', at: 5000 } });
    expect(heldToken(holding)).toBe('local.abc');
  });

  it('uses a token once: after it went out, there is none to send again', () => {
    const sending = after(demanded(), { type: 'fetching' }, passed(), { type: 'sent' });
    expect(sending?.phase).toBe('sending');
    expect(heldToken(sending)).toBeUndefined();
    expect(humanCheckBusy(sending)).toBe(true);
  });

  it('unticks and says the generic message when the token request fails', () => {
    const failed = after(demanded(), { type: 'fetching' }, { type: 'token_failed' });
    expect(failed).toMatchObject({ phase: 'waiting', notice: 'token_failed', round: 0 });
    // Ticking again clears the message.
    expect(humanCheckReducer(failed, { type: 'fetching' })?.notice).toBeNull();
  });

  it('drops a held token when the box is unticked', () => {
    expect(after(demanded(), { type: 'fetching' }, passed(), { type: 'withdrawn' })).toMatchObject({ phase: 'waiting', token: null });
  });
});

describe('after a failure', () => {
  it('starts over, says so and takes the focus when the retry is refused as too quick again', () => {
    const refused = after(demanded(), { type: 'fetching' }, passed(), { type: 'sent' }, demanded());
    expect(refused).toEqual({ demand: LOCAL, phase: 'waiting', token: null, round: 1, focus: 2, notice: 'refused' });
  });

  it('asks for the check again (focus) without starting over when an attempt without a token is refused', () => {
    const again = after(demanded(), demanded());
    expect(again).toMatchObject({ round: 0, focus: 2, notice: null });
  });

  it('starts over quietly when the attempt with the token failed otherwise (wrong password): the token is used up', () => {
    const failed = after(demanded(), { type: 'fetching' }, passed(), { type: 'sent' }, { type: 'attempt_failed' });
    expect(failed).toMatchObject({ phase: 'waiting', token: null, round: 1, notice: null });
  });

  it('keeps the check, and a held token, while the person edits the form or an attempt without a token fails', () => {
    const holding = after(demanded(), { type: 'fetching' }, passed());
    expect(humanCheckReducer(holding, { type: 'attempt_failed' })).toBe(holding);
  });

  it('starts over for a check of another kind', () => {
    expect(after(demanded(LOCAL), demanded(RECAPTCHA))).toMatchObject({ demand: RECAPTCHA, round: 1 });
  });
});

describe('the refresh', () => {
  it('is due 105000 ms after the token arrived, only while it is held', () => {
    const holding = after(demanded(), { type: 'fetching' }, passed('t', 1000));
    expect(refreshDelay(holding, 1000)).toBe(HUMAN_CHECK_REFRESH_MS);
    expect(refreshDelay(holding, 61_000)).toBe(HUMAN_CHECK_REFRESH_MS - 60_000);
    expect(refreshDelay(holding, 1000 + HUMAN_CHECK_REFRESH_MS + 5)).toBe(0);
    expect(refreshDelay(after(demanded()), 1000)).toBeNull();
    expect(refreshDelay(humanCheckReducer(holding, { type: 'sent' }), 1000)).toBeNull();
    expect(refreshDelay(null, 1000)).toBeNull();
  });

  it('drops the held token and starts over with a note', () => {
    const expired = after(demanded(RECAPTCHA), passed('t'), { type: 'expired' });
    expect(expired).toMatchObject({ phase: 'waiting', token: null, round: 1, notice: 'expired' });
    // Nothing to refresh once the token went out.
    const sending = after(demanded(RECAPTCHA), passed('t'), { type: 'sent' });
    expect(humanCheckReducer(sending, { type: 'expired' })).toBe(sending);
  });
});

describe('reCAPTCHA loading', () => {
  it('shows the load failure and renders again on "Try again"', () => {
    const failed = after(demanded(RECAPTCHA), { type: 'load_failed' });
    expect(failed?.notice).toBe('load_failed');
    expect(humanCheckReducer(failed, { type: 'reload' })).toMatchObject({ notice: null, round: 1, focus: 2 });
  });

  it('keeps the failure without a site key (nothing to load)', () => {
    const noKey = after(demanded({ human_check: 'recaptcha-enterprise', ip_rule: true }));
    expect(humanCheckReducer(noKey, { type: 'reload' })).toBe(noKey);
  });

  it('keeps the load failure when the next attempt is refused again', () => {
    expect(after(demanded(RECAPTCHA), { type: 'load_failed' }, demanded(RECAPTCHA))?.notice).toBe('load_failed');
  });
});
