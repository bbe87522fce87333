/**
 * Stable error codes shared by the services and the web app. The messages are the
 * specification's strings (signup-login.md section 8 and saving-boards-ads.md); `{product}`
 * is replaced by the product name where the spec says "{the product}".
 */
export const PRODUCT_NAME = 'Pinhive';

export const errorCatalogue = {
  // Generic
  bad_request: { status: 400, message: 'The request is not valid.' },
  unsupported_media_type: { status: 415, message: 'Send the request body as application/json.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  not_found: { status: 404, message: 'Not found.' },
  unauthorized: { status: 401, message: 'Log in to continue.' },
  forbidden: { status: 403, message: 'You are not allowed to do that.' },
  conflict: { status: 409, message: 'That already exists.' },
  too_many_requests: { status: 429, message: 'Too many requests. Wait a moment and try again.' },
  service_unavailable: { status: 503, message: 'Sorry! Something went wrong on our end.' },
  // The store's disk is full: nothing was written; it works again once space is freed (fault drills).
  insufficient_storage: { status: 507, message: "Sorry! We can't save anything right now. Try again later." },
  internal: { status: 500, message: 'Sorry! Something went wrong on our end.' },

  // Sign-up (signup-login.md section 8)
  email_invalid: { status: 400, message: 'Your email is invalid.' },
  email_exists: { status: 409, message: 'Hmm...that doesn\'t look like an email address' },
  email_brand_name: { status: 400, message: 'Please stick to your name, or the name of your brand' },
  non_ascii: {
    status: 400,
    message: 'Use only a mix of letters, numbers and special characters (for example: ?, !, $).',
  },
  password_too_short: { status: 400, message: 'Your password is too short! You need 6+ characters.' },
  birthday_missing: { status: 400, message: 'We need to know your age to provide you this service.' },
  birthday_invalid: { status: 400, message: 'Invalid date' },
  underage: { status: 403, message: `Sorry, you're not eligible to sign up for ${PRODUCT_NAME} right now.` },
  over_age: { status: 400, message: 'Oops! Please use a valid age to sign up.' },
  password_rules: { status: 400, message: 'Pick a stronger password: avoid common passwords and your email address.' },
  // Ours (the spec names the consent step only): the required consent of the consents view.
  consent_required: { status: 400, message: 'Please agree to the collection and use of your personal information to continue.' },
  signup_failed: { status: 500, message: 'Sorry! Something went wrong on our end.' },

  // Sessions
  token_expired: { status: 401, message: 'Your session has expired. Log in again.' },
  csrf_failed: { status: 403, message: 'This request could not be verified. Refresh the page and try again.' },

  // Log-in (signup-login.md section 8)
  password_incorrect: { status: 401, message: 'The password you entered is incorrect. Try again or Reset your password.' },
  login_failed: { status: 401, message: "Sorry, we can't log you in." },
  login_rate_limited: { status: 429, message: 'You have reached the maximum number of login attempts. Try again in 30 minutes.' },
  login_too_quick: { status: 429, message: 'Oops! You logged in too quickly. Please try again with the reCAPTCHA.' },
  captcha_failed: { status: 400, message: 'Error loading reCAPTCHA Enterprise' },
  soft_banned: {
    status: 403,
    message: 'We noticed some strange activity on your account. Reset your password or log in with Facebook or Google to get back into your account.',
  },
  login_assistance: { status: 403, message: 'We sent you an email to help you log in. Check your inbox, or send it again.' },
  password_reset_sent: { status: 403, message: 'We sent you an email to reset your password. Check your inbox to get back into your account.' },
  // A provider proved who the person is, but no account is linked to that identity: the web app
  // goes on to that provider's sign-up (spec: "social log-in with an account-not-found code").
  identity_not_linked: { status: 404, message: "We couldn't find a Pinhive account for that sign-in." },
  // Provider sign-in (ours where the spec gives no string; the web app titles them per provider).
  identity_invalid: { status: 401, message: "We couldn't verify that sign-in. Try again, or use another way to log in." },
  identity_expired: { status: 400, message: 'That sign-in took too long. Start again.' },
  provider_unavailable: { status: 503, message: "Looks like it isn't available right now. Give another option a try or refresh the page and try again later." },
  provider_disabled: { status: 403, message: 'Signing in this way is turned off right now. Use another way to log in.' },
  sso_failed: { status: 502, message: 'Sorry! Something went wrong on our end.' },
  sso_not_configured: { status: 400, message: "That email doesn't use single sign-on. Log in with your password." },
  // Spec: an account with no password, linked to a provider, asked for with a password.
  linked_facebook: { status: 401, message: 'Your account is connected to Facebook - use the Facebook button to log in' },
  linked_google: { status: 401, message: 'Your account is connected to Google - use the Google button to log in' },
  linked_facebook_google: { status: 401, message: 'Your account is connected to Facebook and Google - use the Facebook or Google button to log in' },
  linked_sso: { status: 401, message: 'Your account uses single sign-on - use Continue with SSO to log in' },
  linked_line: { status: 401, message: 'Your account is connected to LINE - use the LINE button to log in' },
  prevent_facebook_register: { status: 403, message: "We couldn't match your Facebook account to any account. Try resetting your password instead." },
  prevent_google_register: { status: 403, message: "We couldn't match your Google account to any account. Try resetting your password instead." },
  suspended: { status: 403, message: 'Your account has been suspended.' },
  deactivated: { status: 403, message: 'Your account has been deactivated.' },
  mfa_required: { status: 401, message: 'Two-factor authentication required' },
  mfa_code_invalid: { status: 401, message: "That code isn't right. Check it, or send a new one." },
  mfa_code_expired: { status: 401, message: 'That code has expired or was used up. Send a new one.' },
  mfa_code_format: { status: 400, message: "Hmm...that doesn't look like a verification code." },
  phone_invalid: { status: 400, message: 'Enter a phone number with its country code, for example +44 7700 900123.' },
  sms_unavailable: { status: 503, message: "Sorry! We can't send text messages right now." },
  // Ours (the spec has phone codes only): the authenticator app's enrolment and removal.
  mfa_already_enabled: { status: 409, message: 'Two-factor authentication is already on with an authenticator app. Turn it off first.' },
  mfa_not_enabled: { status: 409, message: "Two-factor authentication with an authenticator app isn't on." },
  mfa_setup_expired: { status: 400, message: 'This set-up has expired. Start again to get a new QR code.' },
  reset_token_invalid: { status: 400, message: 'This link has expired or was already used. Ask for a new one.' },
  // Ours: passkeys (WebAuthn), added in the security settings and used to log in without a password.
  passkey_invalid: { status: 401, message: "We couldn't log you in with that passkey. Try again, or log in another way." },
  passkey_expired: { status: 400, message: 'That took too long. Try again.' },
  passkey_verification_required: {
    status: 401,
    message: 'Your account uses two-factor authentication: use a passkey that checks your fingerprint, face or PIN, or log in with your password.',
  },
  passkey_registration_failed: { status: 400, message: "We couldn't add that passkey. Try again." },
  passkey_exists: { status: 409, message: "This passkey can't be added: it's already registered." },
  passkey_limit: { status: 409, message: 'You can have up to 10 passkeys. Remove one to add another.' },
  passkey_not_found: { status: 404, message: "That passkey isn't on your account any more." },
  // Ours: a passkey logs in with no password, so only a fresh log-in may add one (not a stolen or forgotten session).
  recent_login_required: { status: 403, message: 'For your security, log in again to add a passkey.' },

  // Images (saving-boards-ads.md sections 3, 5 and 7): pins made from an upload or a link.
  image_invalid: { status: 400, message: "That file isn't an image we can use. Try a JPEG, PNG, GIF or WebP." },
  image_too_small: { status: 400, message: 'This image is too small. Pick one more than 119 pixels wide and high.' },
  image_too_large: { status: 413, message: 'This image is too large. Pick one under 200 MB.' },
  image_fetch_failed: { status: 400, message: "We couldn't get anything from that link. Check it and try again." },
  image_url_refused: { status: 400, message: "We can't fetch from that link. Use a public http or https address." },

  // Pin creation switched off by an operator (saving-boards-ads.md section 6: "pin creation can be
  // disabled by experiment (all, web pins, idea pins, video)"). Ours: the spec gives no string.
  pin_creation_disabled: { status: 403, message: 'Pin creation is turned off for now. Please try again later.' },
  // The pin builder (saving-boards-ads.md section 6; ours, the spec gives no strings): a request
  // for a feature pinBuilderGate() answers off for this viewer (`data.feature` names it).
  pin_builder_feature_off: { status: 403, message: "This isn't available to you right now." },

  // Boards (saving-boards-ads.md section 8): one move, bulk edit or section change at a time per
  // board. `data.api_error_code` says what is running: BOARD_BUSY_CODES (pins-boards.ts).
  board_busy: { status: 409, message: 'Please wait until the previous board action finishes.' },

  // Advertisers and acting for one (saving-boards-ads.md section 6, "Advertiser context"). Ours:
  // the spec gives no strings for them (advertisers.ts).
  advertiser_not_found: { status: 404, message: "We couldn't find that advertiser." },
  advertiser_not_member: { status: 403, message: "You can't act for this advertiser." },
  advertiser_owner_only: { status: 403, message: "Only the advertiser's owner can do that." },
  advertiser_person_not_found: { status: 404, message: "We couldn't find anyone with that username." },
  advertiser_too_many: { status: 409, message: 'You have reached the most advertisers you can act for.' },
  advertiser_members_full: { status: 409, message: 'This advertiser has reached the most people who can act for it.' },
  advertiser_owner_stays: { status: 400, message: "The owner can't leave their own advertiser." },
  // Quick-promote (saving-boards-ads.md sections 5 and 8; ours, the spec gives no strings). The web
  // shows message_detail in the area the spec says: 'pin' for a 401, else 'modal'.
  promote_pin_not_found: { status: 404, message: "We couldn't find that Pin." },
  promote_secret_pin: { status: 400, message: "Pins on secret boards can't be promoted." },
  promote_business_required: { status: 409, message: 'Add your business details before promoting a Pin.' },
  promote_billing_required: { status: 409, message: 'Add your billing details before promoting a Pin.' },
  promote_budget_too_low: { status: 400, message: 'Your daily budget is below the minimum.' },
  promote_end_date_invalid: { status: 400, message: 'Choose an end date after today, within a year.' },
  conversion_tag_not_found: { status: 404, message: "We couldn't find that conversion tag." },
  conversion_tags_full: { status: 409, message: 'This advertiser has reached the most conversion tags it can have.' },
  campaign_not_found: { status: 404, message: "We couldn't find that campaign." },
  // Verified-domain claims (issue 22, /settings/claim/; ours, the spec gives no strings). A failed
  // verification says why in message_detail (the page's answer, the missing tag).
  site_claim_taken: { status: 409, message: 'This website is already verified by another Pinhive account.' },
  site_claim_limit: { status: 409, message: 'You can claim up to 10 websites. Remove one to claim another.' },
  site_claim_not_found: { status: 404, message: "You haven't claimed that website." },
  site_verification_unreachable: { status: 400, message: "We couldn't open your website's home page." },
  site_verification_tag_missing: { status: 400, message: "We couldn't find your Pinhive tag on your website's home page." },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;
