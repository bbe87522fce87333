import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from '../api/auth';
import { isApiError } from '../api/client';
import { useRecovery } from '../recovery/recoveryContext';
import { ERROR_TOAST_MS } from '../recovery/useResetEmail';
import { useToast } from '../toast/toastContext';

/**
 * "Reset your password" from a log-in error: the forgot-password call for the typed email, then
 * the password-reset-sent modal (spec section 4, password reset).
 */
export function useForgotPassword() {
  const { t } = useTranslation();
  const recovery = useRecovery();
  const toast = useToast();
  return useMutation({
    mutationFn: async (email: string) => {
      await requestPasswordReset(email);
      return email;
    },
    onSuccess: (email) => recovery.open({ kind: 'password_reset_sent', email }),
    onError: (error) =>
      toast.show({ message: isApiError(error) ? error.message : t('errors.generic'), durationMs: ERROR_TOAST_MS, tone: 'error' }),
  });
}
