import { QueryClientProvider } from '@tanstack/react-query'
import { Outlet } from 'react-router'
import { meQueryOptions } from '../features/auth/session'
import { queryClient } from './query-client'

// What every page that reads our API shares, loaded with the first such page rather than with the
// app (issue 21): the query cache and the session guards. The public signature page needs neither.
export { DashboardIndexRedirect, RedirectSignedIn, RequireSession } from './guards'
export { ScreenGate } from './screen-gate'

/** The routes below it read the API through one query cache. */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  )
}

/**
 * Reads who is signed in into the cache now (a cold load's early answer, router.tsx), so the guard
 * renders the page on its first render when the answer is in by then, as it usually is. Read by
 * the guard instead, the answer would arrive after 'Loading...' was shown, and the query cache's
 * update re-renders the shell and page in one synchronous task (React renders an external store's
 * change that way), not in short slices.
 */
export function startSession() {
  void queryClient.prefetchQuery(meQueryOptions)
}
