import type { RecaptchaEnterprise } from './grecaptcha';
import { createScriptLoader, type InsertScript } from './scriptLoader';

/** Explicit rendering: the widget appears only where and when the log-in asks for it. */
export const RECAPTCHA_SCRIPT_SRC = 'https://www.google.com/recaptcha/enterprise.js?render=explicit';
/** The spec's 8000 ms timeout, for the script to load and be ready. */
export const RECAPTCHA_LOAD_TIMEOUT_MS = 8000;

/** The DOM part of the loader: one async script tag in the document head. */
const insertScriptTag: InsertScript = (src, { onLoad, onError }) => {
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.addEventListener('load', onLoad, { once: true });
  script.addEventListener('error', onError, { once: true });
  document.head.append(script);
  return { remove: () => script.remove() };
};

/** Loads reCAPTCHA Enterprise once per page; rejects with `ScriptLoadError` (then a later call tries again). */
export const loadRecaptchaEnterprise = createScriptLoader<RecaptchaEnterprise>({
  src: RECAPTCHA_SCRIPT_SRC,
  insert: insertScriptTag,
  api: () => window.grecaptcha?.enterprise,
  whenReady: (api, done) => api.ready(done),
  timeoutMs: RECAPTCHA_LOAD_TIMEOUT_MS,
});
