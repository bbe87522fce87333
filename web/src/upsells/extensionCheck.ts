import { EXTENSION_READY_TIMEOUT_MS } from './rules';

/** The window message the extension posts when its content script is ready (`{ type }`). */
export const EXTENSION_READY_MESSAGE = 'pinhive-extension-ready';
/** ...or the attribute it sets on `<html>` (seen at once, without waiting). */
export const EXTENSION_ATTRIBUTE = 'data-pinhive-extension';

/**
 * The extension-ready check (section 9: at most 500 ms): true as soon as the extension shows
 * itself (the attribute already set, or its ready message arriving), false when it has not said
 * so by the timeout. The page also asks it, in case its script loaded before ours listened.
 */
export function checkExtensionInstalled(win: Window = window, timeoutMs = EXTENSION_READY_TIMEOUT_MS): Promise<boolean> {
  if (win.document.documentElement.hasAttribute(EXTENSION_ATTRIBUTE)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (installed: boolean) => {
      win.clearTimeout(timer);
      win.removeEventListener('message', onMessage);
      resolve(installed);
    };
    const onMessage = (event: MessageEvent) => {
      // Only this page's own window speaks for the extension's content script.
      if (event.source !== win) return;
      if ((event.data as { type?: unknown } | null)?.type === EXTENSION_READY_MESSAGE) done(true);
    };
    const timer = win.setTimeout(() => done(win.document.documentElement.hasAttribute(EXTENSION_ATTRIBUTE)), timeoutMs);
    win.addEventListener('message', onMessage);
    win.postMessage({ type: 'pinhive-extension-check' }, win.location.origin);
  });
}
