import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/** One client for the app, reachable outside React so sign-out can drop every cached answer. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      // Client errors (4xx) will not change on retry; network hiccups might.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
});
