import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { api, ApiError } from './api-client.ts';

/** The default query: GET the key's parts joined with slashes. A 401 can be read as "no data". */
export function getQueryFn<T>(options: { on401: 'returnNull' | 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    try {
      return await api.get<T>(queryKey.join('/'), { signal });
    } catch (error) {
      if (options.on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
        // Asked even when the browser says it is offline: the service worker answers what the person already
        // saw from its cache (decision 080); a read it cannot answer fails at once instead of waiting paused.
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
