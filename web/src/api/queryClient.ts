import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './client';

/**
 * Shared defaults, the one place queries' retries are decided: retry only what may pass on a
 * second try (no answer, or a 5xx), never a 4xx (a missing board, a refused advertiser).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) =>
        failureCount < 2 && isApiError(error) && (error.http_status === 0 || error.http_status >= 500),
    },
    mutations: { retry: false },
  },
});
