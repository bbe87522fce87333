import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './client';

/** Shared defaults: retry only what may pass on a second try (no answer, or a 5xx). */
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
