import { describe, expect, it } from '@jest/globals';
import { PRODUCT_NAME } from '@pinhive/contracts';
import en from '../i18n/en.json';
import {
  contextForAction,
  headingFor,
  headingLevel,
  showsVisual,
  signupFormAtOnce,
  togglesInPlace,
  type AuthContext,
  type Heading,
  type HeadingView,
  type LimitedLoginAction,
} from './openingContext';

const CONTEXTS: AuthContext[] = ['home', 'save', 'download', 'follow', 'comment', 'boardInvite', 'bookmarklet', 'inviter', 'default'];
const VIEWS: HeadingView[] = ['signup', 'login'];
const ACTIONS: LimitedLoginAction[] = ['save', 'edit', 'follow', 'unfollow', 'create'];

/** The en.json text at a dotted key, as a reader sees it (product and name filled in). */
function text(key: string, values: Heading['values'] = {}): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
  if (typeof found !== 'string') throw new Error(`en.json has no string at ${key}`);
  return found.replaceAll('{{product}}', PRODUCT_NAME).replaceAll('{{name}}', values.name ?? '{{name}}');
}

const shown = (heading: Heading) => ({
  title: text(heading.title, heading.values),
  subtitle: heading.subtitle === null ? null : text(heading.subtitle, heading.values),
});

describe('headingFor', () => {
  it('answers every context and view with keys that exist in en.json', () => {
    for (const context of CONTEXTS) {
      for (const view of VIEWS) {
        const heading = headingFor({ context, view, inviterName: 'Ada' });
        expect(() => shown(heading)).not.toThrow();
        for (const action of ACTIONS) expect(() => shown(headingFor({ context, view, action }))).not.toThrow();
      }
    }
    expect(() => shown(headingFor({ context: 'default', view: 'login', business: true }))).not.toThrow();
  });

  it("uses the spec's log-in titles, exact to the character", () => {
    expect(shown(headingFor({ context: 'default', view: 'login' })).title).toBe('Welcome to Pinhive');
    expect(shown(headingFor({ context: 'home', view: 'login' })).title).toBe('Welcome to Pinhive');
    expect(shown(headingFor({ context: 'comment', view: 'login' })).title).toBe('Log in to comment');
    expect(shown(headingFor({ context: 'save', view: 'login' })).title).toBe('Log in to see more');
    expect(shown(headingFor({ context: 'download', view: 'login' })).title).toBe('Log in to see more');
  });

  it('greets visitors on the home page and by default', () => {
    expect(shown(headingFor({ context: 'home', view: 'signup' }))).toEqual({ title: 'Welcome to Pinhive', subtitle: 'Find new ideas to try' });
    expect(headingFor({ context: 'default', view: 'signup' })).toEqual(headingFor({ context: 'home', view: 'signup' }));
    expect(headingFor({ context: 'default', view: 'login' }).subtitle).toBeNull();
  });

  it('changes the sign-up headline with the place the card was opened from', () => {
    const titles = CONTEXTS.filter((context) => context !== 'home' && context !== 'default').map(
      (context) => shown(headingFor({ context, view: 'signup', inviterName: 'Ada' })).title,
    );
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles).not.toContain('Welcome to Pinhive');
  });

  it("names the inviter, and reads as the default card when the name is missing or blank", () => {
    expect(shown(headingFor({ context: 'inviter', view: 'signup', inviterName: ' Ada ' })).title).toBe('Ada invited you to Pinhive');
    expect(shown(headingFor({ context: 'inviter', view: 'login', inviterName: 'Grace' })).title).toBe('Grace invited you to Pinhive');
    expect(headingFor({ context: 'inviter', view: 'signup', inviterName: '  ' })).toEqual(headingFor({ context: 'default', view: 'signup' }));
    expect(headingFor({ context: 'inviter', view: 'login' })).toEqual(headingFor({ context: 'default', view: 'login' }));
  });

  it("titles the login-required prompt by its action, with the spec's sub-header", () => {
    const expected: Record<LimitedLoginAction, string> = {
      save: 'Log in to save this Pin',
      edit: 'Log in to edit this Pin',
      follow: 'Log in to follow',
      unfollow: 'Log in to unfollow',
      create: 'Log in to create a Pin or board',
    };
    for (const action of ACTIONS) {
      expect(shown(headingFor({ context: contextForAction(action), view: 'login', action }))).toEqual({
        title: expected[action],
        subtitle: "You're almost there! Log in to access all of Pinhive",
      });
    }
  });

  it('gives the prompt toggled to sign-up the sign-up heading of its context', () => {
    expect(headingFor({ context: 'follow', view: 'signup', action: 'follow' })).toEqual(headingFor({ context: 'follow', view: 'signup' }));
  });

  it('titles the business log-in apart, whatever the context', () => {
    expect(shown(headingFor({ context: 'default', view: 'login', business: true }))).toEqual({
      title: 'Log in to your business account',
      subtitle: null,
    });
    expect(headingFor({ context: 'follow', view: 'login', action: 'follow', business: true }).title).toBe('businessLogin.title');
  });
});

describe('contextForAction', () => {
  it('reads save as save, follow and unfollow as follow, the rest as default', () => {
    expect(ACTIONS.map(contextForAction)).toEqual(['save', 'default', 'follow', 'follow', 'default']);
  });
});

describe('showsVisual', () => {
  it('is true for the save, download and follow prompts only', () => {
    expect(CONTEXTS.filter(showsVisual)).toEqual(['save', 'download', 'follow']);
  });
});

describe('the card in its container', () => {
  it('shows the sign-up form at once on the home page and the /signup page, behind "Continue with email" elsewhere', () => {
    expect(signupFormAtOnce('page', 'home')).toBe(true);
    expect(signupFormAtOnce('page', 'default')).toBe(true);
    expect(signupFormAtOnce('modal', 'default')).toBe(false);
    expect(signupFormAtOnce('modal', 'follow')).toBe(false);
    expect(signupFormAtOnce('flyout', 'default')).toBe(false);
  });

  it('toggles in place except on the /login and /signup pages', () => {
    expect(togglesInPlace('page', 'default')).toBe(false);
    expect(togglesInPlace('page', 'home')).toBe(true);
    expect(togglesInPlace('modal', 'default')).toBe(true);
    expect(togglesInPlace('flyout', 'default')).toBe(true);
  });

  it("is the page's h1 only on the auth pages", () => {
    expect(headingLevel('page', 'default')).toBe(1);
    expect(headingLevel('page', 'home')).toBe(2);
    expect(headingLevel('modal', 'follow')).toBe(2);
    expect(headingLevel('flyout', 'default')).toBe(2);
  });

  it('keeps "Continue with email" as the spec words it', () => {
    expect(en.contexts.continueWithEmail).toBe('Continue with email');
  });
});
