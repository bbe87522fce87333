import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchRecognisedViewer, forgetRecognisedViewer } from '../api/recognition';
import { ERROR_TOAST_MS } from '../recovery/useResetEmail';
import { useToast } from '../toast/toastContext';
import { RECOGNISED_QUERY_KEY, useViewer } from './viewer';
import { loginPresentation, type LoginPresentation } from './welcomeBack';

/**
 * Which log-in form the card shows (`loginPresentation`), asking `GET /v3/auth/recognised/` only
 * while the log-in view is showing (`active`), so the sign-up view sends nothing. It is asked at
 * the same time as the viewer, not after it: the card waits for one quick answer, not two.
 * No retries and no refetch on window focus: a slow or failing answer must not hold the form back,
 * and the view must not change under someone typing. Log-in, log-out and "Not you?" reset it.
 */
export function useLoginPresentation(active: boolean, accountSwitch: boolean): LoginPresentation {
  const viewer = useViewer();
  const query = useQuery({
    queryKey: RECOGNISED_QUERY_KEY,
    queryFn: ({ signal }) => fetchRecognisedViewer(signal),
    enabled: active && !accountSwitch && viewer.status !== 'authenticated',
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
  if (!active) return { type: 'plain' };
  const recognised = query.isSuccess
    ? ({ status: 'success', data: query.data } as const)
    : query.isError
      ? ({ status: 'error' } as const)
      : ({ status: 'pending' } as const);
  return loginPresentation({ accountSwitch, viewer: viewer.status, recognised });
}

/**
 * "Not you?": `DELETE /v3/auth/recognised/`, then the plain log-in. Even when the call fails the
 * card moves on (the person asked for another account), with a toast saying that the browser
 * may still remember the old one. The callbacks are the mutation's, not `mutate`'s, because
 * the welcome-back view that started it is gone by the time they run.
 */
export function useForgetRecognised() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forgetRecognisedViewer,
    onError: () => toast.show({ message: t('personalized.forgetFailed'), durationMs: ERROR_TOAST_MS, tone: 'error' }),
    onSettled: () => queryClient.setQueryData(RECOGNISED_QUERY_KEY, null),
  });
}
