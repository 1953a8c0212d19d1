import { QueryClientProvider } from '@tanstack/react-query'
import { Outlet } from 'react-router'
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
