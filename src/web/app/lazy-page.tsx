import { type ComponentType, lazy, type ReactNode, Suspense } from 'react'
import { LoadingScreen } from './screens/loading-screen'

// Every page loads with its own code when first opened, not with the app (issue 21): a cold
// sign-in or signature page downloads only what it shows.

type Load<P extends object = object> = () => Promise<ComponentType<P>>

/** A component whose code loads when first rendered (inside a Suspense boundary). */
export function lazyComponent<P extends object = object>(load: Load<P>): ComponentType<P> {
  return lazy(async () => ({ default: await load() }))
}

/** A page of its own (sign-in, signature, a case): 'Loading...' while its code loads. */
export function lazyPage(load: Load): ReactNode {
  const Page = lazyComponent(load)
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Page />
    </Suspense>
  )
}
