import { createContext, useContext } from 'react';

export type ToastTone = 'info' | 'error';

export interface ToastRequest {
  message: string;
  /** How long it stays, in milliseconds (the spec's 3500 ms for "Email sent!", 3000 ms for errors). */
  durationMs: number;
  tone?: ToastTone;
  /** The whole toast links there (the save toasts link to /pin/{id}). */
  link?: string;
  /** A button-like link beside the message (the mobile 'View'). */
  action?: { label: string; to: string };
}

export interface ToastApi {
  show: (toast: ToastRequest) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

/** Shows short messages in the page's live region. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider');
  return api;
}
