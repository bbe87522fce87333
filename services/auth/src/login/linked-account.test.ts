import { errorCatalogue } from '@pinhive/contracts';
import { linkedAccountError } from './login.service';

describe('the message for a password log-in of an account with no password', () => {
  it.each([
    [['facebook'], 'Your account is connected to Facebook - use the Facebook button to log in'],
    [['google'], 'Your account is connected to Google - use the Google button to log in'],
    [['google', 'facebook'], 'Your account is connected to Facebook and Google - use the Facebook or Google button to log in'],
    [['sso'], 'Your account uses single sign-on - use Continue with SSO to log in'],
    [['line'], 'Your account is connected to LINE - use the LINE button to log in'],
  ] as const)('names the button of %j', (providers, message) => {
    expect(errorCatalogue[linkedAccountError(providers)!].message).toBe(message);
  });

  it('has none when no provider is linked (the wrong-password answer stands)', () => {
    expect(linkedAccountError([])).toBeNull();
  });
});
