/**
 * The checklist of signup-login.md's user-visible strings ("{the product}" written as Pinhive),
 * and those of saving-boards-ads.md the contracts do not carry (SAVING_STRINGS has the rest,
 * checked by saving.test.ts). `inScope` must each appear in what the web app can show (en.json,
 * markup dropped) or in the contracts' error catalogue; `later` are not shown word for word (each
 * says why).
 */
export const specStrings = {
  inScope: [
    // Section 2: screens
    'Continue with email', 'Create a password', 'Continue', 'Already a member? Log in', 'Need an account? Sign up now',
    'Not you? Log in with a different account', 'Are you a business? Get started here!', 'Log in to see more', 'Welcome to Pinhive',
    'Log in to comment', 'Two-factor authentication required', 'Create account', 'Log in to a personal account',
    "Don't have a business account? Create one for free", 'Have another Pinhive account? Log in to easily switch between them',
    'Create new account', 'Log in to save this Pin', 'Log in to edit this Pin', 'Log in to follow', 'Log in to unfollow',
    'Log in to create a Pin or board', "You're almost there! Log in to access all of Pinhive",
    // Sections 4 and 5: toasts and validation
    'Email sent!', "You missed a spot! Don't forget to add your email.", "Hmm...that doesn't look like an email address.",
    "Sorry, this doesn't look like a valid email", 'Use only a mix of letters, numbers and special characters (for example: ?, !, $).',
    'Your password is too short! You need 6+ characters.', 'The password you entered is incorrect.',
    "You missed a spot. Don't forget to add your birthday.", 'Invalid date', "You missed a spot! Don't forget to add your verification code.",
    "Hmm...that doesn't look like a verification code.",
    // Section 8: errors
    "Sorry, you're not eligible to sign up for Pinhive right now.", 'We need to know your age to provide you this service.',
    'Oops! Please use a valid age to sign up.', 'Your email is invalid.', 'Please stick to your name, or the name of your brand',
    'Sorry! Something went wrong on our end.', "Hmm...that doesn't look like an email address",
    'You have reached the maximum number of login attempts. Try again in 30 minutes.',
    'Oops! You logged in too quickly. Please try again with the reCAPTCHA.',
    'We noticed some strange activity on your account. Reset your password or log in with Facebook or Google to get back into your account.',
    'The password you entered is incorrect. Try again or Reset your password.', "Sorry, we can't log you in.", 'Unknown Error',
    'Error loading reCAPTCHA Enterprise',
    // Single sign-on, the social providers, their sign-up steps and the welcome screen
    'Continue with SSO', 'Enter your birthdate', "What's your email address?", 'Not now', "Looks like you're already on Pinhive",
    'Welcome to Pinhive!', 'Email is required', "Hmm... that doesn't look like an email address.",
    'Oops! Something went wrong… Click Continue to try again.',
    'Your account is connected to Facebook - use the Facebook button to log in', 'Your account is already linked to Google. To log in with email, set a password.',
    // The spec writes "authorize the product" without braces; like every "{the product}" it is the product's name.
    'You must enable popups!', "Couldn't connect. You must authorize Pinhive.", 'Something went wrong. Please try again later.',
    "We can't connect to your Facebook account. Try another method", "Facebook login isn't available for new users. Continue with email or Google:",
    "Oops! Facebook isn't available", "Oops! Google isn't available",
    // saving-boards-ads.md section 5: the switch shown on an advertiser's behalf
    "Protected board (not listed on user's profile)",
    // saving-boards-ads.md section 2: the browser-extension upsell (upsells.extension)
    'Save creative ideas from around the web', 'Find it. Love it. Save it.', 'Install now', 'Get it now',
  ],
  later: [
    // The spec writes the original product's name; like every "{the product}" it is shown as Pinhive:
    // 'Get the Pinhive browser button' (docs/decisions/upsells.md).
    'Get the Pinterest browser button',
    // Shown as two sentences, one per provider (errors.prevent_facebook_register, errors.prevent_google_register).
    "We couldn't match your Facebook/Google account to any account. Try resetting your password instead.",
  ],
} as const;
