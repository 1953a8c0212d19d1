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

/** Code loaded when a render first reads it (with React's `use`, inside a Suspense boundary), or before. */
export type LazyValue<T> = {
  /** The load, started by the first read; a failed one stays failed, for `use` to report. */
  read: () => Promise<T>
  /**
   * Starts loading now. Once it is in, a read is settled and `use` returns at once instead of
   * suspending: a cold load that preloads its first page (router.tsx) renders it in one go, where
   * each lazy level would show its fallback and React holds every reveal for 300 ms after the
   * last fallback (issue 21's Lighthouse goal). A failed preload is forgotten: the first read
   * loads again, and a render reports a failure of its own as React.lazy does.
   */
  preload: () => void
}

export function lazyValue<T>(load: () => Promise<T>): LazyValue<T> {
  let loading: Promise<T> | undefined
  return {
    read: () => {
      loading ??= tracked(load())
      return loading
    },
    preload: () => {
      if (loading) return
      const preloading = tracked(load())
      preloading.then(
        () => {
          loading ??= preloading
        },
        () => {},
      )
    },
  }
}

/** A component whose code loads when first rendered (inside a Suspense boundary), or before (`preload`). */
export type LazyComponent<P extends object = object> = ComponentType<P> & Pick<LazyValue<ComponentType<P>>, 'preload'>

export function lazyComponent<P extends object = object>(load: Load<P>): LazyComponent<P> {
  const code = lazyValue(load)
  function Lazy(props: P) {
    const Component = use(code.read())
    return <Component {...props} />
  }
  return Object.assign(Lazy, { preload: code.preload })
}

/** A page of its own (sign-in, signature, a case): 'Loading...' while its code loads. */
export function lazyPage(Page: ComponentType): ReactNode {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Page />
    </Suspense>
  )
}
