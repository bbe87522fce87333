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
  service_unavailable: { status: 503, message: 'Sorry! Something went wrong on our end.' },
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
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;
