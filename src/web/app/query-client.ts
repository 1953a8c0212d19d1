import { QueryCache, QueryClient } from '@tanstack/react-query'
import { notify } from '../components/ui/toaster'
import { ApiError } from '../lib/api'

/** Whether a retry may get a different answer: not for a refusal (4xx), which would be refused again. */
export function worthRetrying(failureCount: number, error: unknown): boolean {
  return failureCount < 3 && !(error instanceof ApiError && error.status < 500)
}

export const queryClient = new QueryClient({
  // Retries wait 1, 2, then 4 s (TanStack's growing delay), so an outage is not hammered.
  defaultOptions: { queries: { refetchOnWindowFocus: true, staleTime: 1_000, retry: worthRetrying } },
  queryCache: new QueryCache({
    onError: (error) => {
      // The server's own words ('The database is not reachable; try again in a moment'), once,
      // however many screens' queries failed with it: the one toast replaces itself.
      if (error instanceof ApiError && error.status === 503) {
        notify.error({ title: 'Error', description: error.message, id: 'service-unavailable' })
      }
    },
  }),
})
