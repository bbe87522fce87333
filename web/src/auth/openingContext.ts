import type { AuthVariant } from './targets';

/**
 * Where the auth card was opened from (signup-login.md section 1: "Headlines and sub-headers
 * change with the place where the prompt was opened"). `default` is any other place (the top
 * bar, the log-in and sign-up pages).
 */
export type AuthContext =
  | 'home'
  | 'save'
  | 'download'
  | 'follow'
  | 'comment'
  | 'boardInvite'
  | 'bookmarklet'
  | 'inviter'
  | 'default';

/** The views whose heading depends on the opening context. */
export type HeadingView = 'signup' | 'login';

/** The actions of the login-required prompt (spec section 2 and 6: "limited login"). */
export type LimitedLoginAction = 'save' | 'edit' | 'follow' | 'unfollow' | 'create';

// Default and home keep the card's original keys, which the catalogue test pins to the spec.
const DEFAULT_HEADINGS = {
  signup: { title: 'auth.signup.title', subtitle: 'auth.signup.subtitle' },
  login: { title: 'auth.login.title', subtitle: null },
} as const;

const HEADINGS = {
  default: DEFAULT_HEADINGS,
  home: DEFAULT_HEADINGS,
  save: {
    signup: { title: 'contexts.save.signupTitle', subtitle: 'contexts.save.signupSubtitle' },
    login: { title: 'contexts.seeMore', subtitle: 'contexts.save.loginSubtitle' },
  },
  download: {
    signup: { title: 'contexts.download.signupTitle', subtitle: 'contexts.download.signupSubtitle' },
    login: { title: 'contexts.seeMore', subtitle: 'contexts.download.loginSubtitle' },
  },
  follow: {
    signup: { title: 'contexts.follow.signupTitle', subtitle: 'contexts.follow.signupSubtitle' },
    login: { title: 'contexts.follow.loginTitle', subtitle: 'contexts.follow.loginSubtitle' },
  },
  comment: {
    signup: { title: 'contexts.comment.signupTitle', subtitle: 'contexts.comment.signupSubtitle' },
    login: { title: 'contexts.comment.loginTitle', subtitle: null },
  },
  boardInvite: {
    signup: { title: 'contexts.boardInvite.title', subtitle: 'contexts.boardInvite.signupSubtitle' },
    login: { title: 'contexts.boardInvite.title', subtitle: 'contexts.boardInvite.loginSubtitle' },
  },
  bookmarklet: {
    signup: { title: 'contexts.bookmarklet.signupTitle', subtitle: 'contexts.bookmarklet.signupSubtitle' },
    login: { title: 'contexts.bookmarklet.loginTitle', subtitle: 'contexts.bookmarklet.loginSubtitle' },
  },
  inviter: {
    signup: { title: 'contexts.inviter.title', subtitle: 'contexts.inviter.signupSubtitle' },
    login: { title: 'contexts.inviter.title', subtitle: 'contexts.inviter.loginSubtitle' },
  },
} as const satisfies Record<AuthContext, Record<HeadingView, { title: string; subtitle: string | null }>>;

const LIMITED_TITLES = {
  save: 'limitedLogin.save',
  edit: 'limitedLogin.edit',
  follow: 'limitedLogin.follow',
  unfollow: 'limitedLogin.unfollow',
  create: 'limitedLogin.create',
} as const satisfies Record<LimitedLoginAction, string>;

type ContextKey = (typeof HEADINGS)[AuthContext][HeadingView]['title' | 'subtitle'];

/** An en.json key this module can answer with (literal types, so `t()` checks them). */
export type HeadingKey =
  | Exclude<ContextKey, null>
  | (typeof LIMITED_TITLES)[LimitedLoginAction]
  | 'limitedLogin.subtitle'
  | 'businessLogin.title';

export interface Heading {
  title: HeadingKey;
  subtitle: HeadingKey | null;
  /** Interpolation values: `name` is the inviter's first name in the inviter context. */
  values: { name?: string };
}

export interface HeadingRequest {
  context: AuthContext;
  view: HeadingView;
  /** The login-required prompt: its log-in view is titled by the action. */
  action?: LimitedLoginAction;
  /** The inviter's first name (context `inviter`); without one the card reads as the default. */
  inviterName?: string;
  /** The business log-in page (log-in only). */
  business?: boolean;
}

/**
 * What the save, download and follow prompts show: the pin's image (the 236x one, spec section 9)
 * or the creator's avatar.
 */
export type AuthVisual =
  | { kind: 'avatar'; name: string; imageUrl: string | null }
  | { kind: 'image'; src: string; alt?: string; dominantColor?: string };

/** Where the card was opened from and what comes with that place. */
export interface AuthOpening {
  context: AuthContext;
  visual?: AuthVisual;
  /** Context `inviter`: the inviter's first name. */
  inviterName?: string;
  /** The login-required prompt ("limited login") and the action that needs an account. */
  action?: LimitedLoginAction;
}

export const DEFAULT_OPENING: AuthOpening = { context: 'default' };

/** The title and sub-header keys of the sign-up or log-in view for where the card was opened. */
export function headingFor({ context, view, action, inviterName, business = false }: HeadingRequest): Heading {
  if (business && view === 'login') return { title: 'businessLogin.title', subtitle: null, values: {} };
  if (action && view === 'login') return { title: LIMITED_TITLES[action], subtitle: 'limitedLogin.subtitle', values: {} };
  const name = inviterName?.trim();
  if (context === 'inviter') {
    return name ? { ...HEADINGS.inviter[view], values: { name } } : { ...HEADINGS.default[view], values: {} };
  }
  return { ...HEADINGS[context][view], values: {} };
}

/** The context a login-required prompt reads as when it toggles to sign-up. */
export function contextForAction(action: LimitedLoginAction): AuthContext {
  switch (action) {
    case 'save':
      return 'save';
    case 'follow':
    case 'unfollow':
      return 'follow';
    case 'edit':
    case 'create':
      return 'default';
  }
}

/** The save, download and follow prompts show the pin image or the creator's avatar (spec section 2). */
export function showsVisual(context: AuthContext): boolean {
  return context === 'save' || context === 'download' || context === 'follow';
}

/**
 * Whether the sign-up form shows at once or behind "Continue with email": at once in the
 * home-page container (spec section 2) and, our choice, on the full `/signup` page, where the
 * visitor came to sign up; behind the button in the modal and the flyout.
 */
export function signupFormAtOnce(variant: AuthVariant, context: AuthContext): boolean {
  return variant === 'page' || context === 'home';
}

/**
 * Whether the footer toggles switch the view in place (modal, flyout, the home page's card) or
 * go to the other page (`/login` ⇄ `/signup`, keeping `next`).
 */
export function togglesInPlace(variant: AuthVariant, context: AuthContext): boolean {
  return variant !== 'page' || context === 'home';
}

/** The card's heading level: the page's `h1` on the auth pages; under the page's own `h1` elsewhere. */
export function headingLevel(variant: AuthVariant, context: AuthContext): 1 | 2 {
  return variant === 'page' && context !== 'home' ? 1 : 2;
}
