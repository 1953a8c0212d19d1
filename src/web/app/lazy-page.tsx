import { type ComponentType, lazy, type ReactNode, Suspense } from 'react'
import { LoadingScreen } from './screens/loading-screen'
import { PlaceholderScreen } from './screens/placeholder-screen'

// Every page loads with its own code when first opened, not with the app (issue 21): a cold
// sign-in or signature page downloads only what it shows.

type Load = () => Promise<ComponentType>

/** A /dashboard screen: its title shows in the shell while its code loads. */
export function lazyScreen(title: string, load: Load): ReactNode {
  const Page = lazy(async () => ({ default: await load() }))
  return (
    <Suspense fallback={<PlaceholderScreen title={title} />}>
      <Page />
    </Suspense>
  )
}

/** A page of its own (sign-in, signature, a case): 'Loading...' while its code loads. */
export function lazyPage(load: Load): ReactNode {
  const Page = lazy(async () => ({ default: await load() }))
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Page />
    </Suspense>
  )
}
