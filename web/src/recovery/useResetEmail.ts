import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from '../api/auth';
import { isApiError } from '../api/client';
import { useToast } from '../toast/toastContext';

/** The spec's toast after a resend: "Email sent!" for 3500 ms. */
export const EMAIL_SENT_TOAST_MS = 3500;
/** Failures show the server's message for 3000 ms (the spec's error-toast length). */
export const ERROR_TOAST_MS = 3000;

/** Sends the password-reset email again, then says so in a toast. */
export function useResendResetEmail() {
  const { t } = useTranslation();
  const toast = useToast();
  return useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => toast.show({ message: t('recovery.emailSent'), durationMs: EMAIL_SENT_TOAST_MS }),
    onError: (error) =>
      toast.show({ message: isApiError(error) ? error.message : t('errors.generic'), durationMs: ERROR_TOAST_MS, tone: 'error' }),
  });
}
