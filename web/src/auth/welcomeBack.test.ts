import { describe, expect, it } from '@jest/globals';
import type { RecognisedViewer } from '@pinhive/contracts';
import { greetingName, loginPresentation, type LoginPresentationInput } from './welcomeBack';

const ADA: RecognisedViewer = {
  firstName: 'Ada',
  imageUrl: null,
  email: 'ada@example.com',
  hasPassword: true,
  connectedToFacebook: false,
  connectedToGoogle: false,
};
const recognised = (data: RecognisedViewer | null): LoginPresentationInput['recognised'] => ({ status: 'success', data });

describe('loginPresentation', () => {
  it('welcomes back a recognised visitor', () => {
    expect(loginPresentation({ accountSwitch: false, viewer: 'anonymous', recognised: recognised(ADA) })).toEqual({
      type: 'personalized',
      viewer: ADA,
    });
  });

  it('decides as soon as the recognised answer is there, even while the viewer is still loading', () => {
    expect(loginPresentation({ accountSwitch: false, viewer: 'loading', recognised: recognised(ADA) })).toMatchObject({ type: 'personalized' });
    expect(loginPresentation({ accountSwitch: false, viewer: 'loading', recognised: recognised(null) })).toEqual({ type: 'plain' });
  });

  it('waits for the answer rather than showing one form and swapping to the other', () => {
    expect(loginPresentation({ accountSwitch: false, viewer: 'anonymous', recognised: { status: 'pending' } })).toEqual({ type: 'pending' });
  });

  it('shows the plain form to a browser it does not recognise, or when the answer failed', () => {
    expect(loginPresentation({ accountSwitch: false, viewer: 'anonymous', recognised: recognised(null) })).toEqual({ type: 'plain' });
    expect(loginPresentation({ accountSwitch: false, viewer: 'anonymous', recognised: { status: 'error' } })).toEqual({ type: 'plain' });
  });

  it('never personalises adding an account, nor for a logged-in viewer (without waiting)', () => {
    expect(loginPresentation({ accountSwitch: true, viewer: 'authenticated', recognised: recognised(ADA) })).toEqual({ type: 'plain' });
    expect(loginPresentation({ accountSwitch: true, viewer: 'anonymous', recognised: { status: 'pending' } })).toEqual({ type: 'plain' });
    expect(loginPresentation({ accountSwitch: false, viewer: 'authenticated', recognised: recognised(ADA) })).toEqual({ type: 'plain' });
  });

  it('gives an account without a password (social only) the plain form', () => {
    expect(
      loginPresentation({ accountSwitch: false, viewer: 'anonymous', recognised: recognised({ ...ADA, hasPassword: false, connectedToGoogle: true }) }),
    ).toEqual({ type: 'plain' });
  });
});

describe('greetingName', () => {
  it('is the first name, trimmed', () => expect(greetingName({ ...ADA, firstName: ' Ada ' })).toBe('Ada'));
  it('is null without one', () => expect(greetingName({ ...ADA, firstName: '  ' })).toBeNull());
});
