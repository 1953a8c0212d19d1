import { type ComponentType, type ReactNode, Suspense, use } from 'react'
import { LoadingScreen } from './screens/loading-screen'

// Every page loads with its own code when first opened, not with the app (issue 21): a cold
// sign-in or signature page downloads only what it shows.

type Load<P extends object = object> = () => Promise<ComponentType<P>>

/**
 * The promise, its outcome written on it once known, as React's `use` reads a promise without
 * waiting for it (React sets these fields itself on a promise it is handed; preloaded ones get
 * them before React sees them).
 */
function tracked<T>(promise: Promise<T>): Promise<T> {
  const marked = promise as Promise<T> & { status: string; value?: T; reason?: unknown }
  marked.status = 'pending'
  marked.then(
    (value) => {
      marked.status = 'fulfilled'
      marked.value = value
    },
    (reason) => {
      marked.status = 'rejected'
      marked.reason = reason
    },
  )
  return marked
}

/** A component whose code loads when first rendered (inside a Suspense boundary), or before. */
export type LazyComponent<P extends object = object> = ComponentType<P> & {
  /**
   * Starts loading the code now. Once it is in, the component renders at once instead of
   * suspending: a cold load that preloads its first page (router.tsx) renders it in one go, where
   * each lazy level would show its fallback and React holds every reveal for 300 ms after the
   * last fallback (issue 21's Lighthouse goal). A failed preload is forgotten: the first render
   * loads again, and reports a failure of its own as React.lazy does.
   */
  preload: () => void
}

export function lazyComponent<P extends object = object>(load: Load<P>): LazyComponent<P> {
  let loading: Promise<ComponentType<P>> | undefined
  function Lazy(props: P) {
    loading ??= tracked(load())
    const Component = use(loading)
    return <Component {...props} />
  }
  const preload = () => {
    if (loading) return
    const preloading = tracked(load())
    preloading.then(
      () => {
        loading ??= preloading
      },
      () => {},
    )
  }
  return Object.assign(Lazy, { preload })
}

/** A page of its own (sign-in, signature, a case): 'Loading...' while its code loads. */
export function lazyPage(Page: ComponentType): ReactNode {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Page />
    </Suspense>
  )
}
