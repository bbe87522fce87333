/**
 * The part of reCAPTCHA Enterprise's browser API the log-in uses (the checkbox key, rendered
 * explicitly). https://cloud.google.com/recaptcha/docs/api-ref-checkbox-keys
 */
export interface RecaptchaRenderParameters {
  sitekey: string;
  /** The spec's action for a log-in: `web_unauth`. */
  action?: string;
  theme?: 'light' | 'dark';
  size?: 'normal' | 'compact';
  tabindex?: number;
  callback?: (token: string) => void;
  'expired-callback'?: () => void;
  'error-callback'?: () => void;
}

export interface RecaptchaEnterprise {
  /** Renders the checkbox into the element; answers the widget id. */
  render(container: HTMLElement | string, parameters: RecaptchaRenderParameters): number;
  reset(widgetId?: number): void;
  ready(callback: () => void): void;
}

declare global {
  interface Window {
    grecaptcha?: { enterprise?: RecaptchaEnterprise };
  }
}
