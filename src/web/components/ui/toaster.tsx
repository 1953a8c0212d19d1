import { type ComponentType, lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import type { ToasterProps } from 'sonner'
import { useTheme } from '../../app/theme/theme-provider'
import { whenIdle } from '../../lib/when-idle'

// sonner (13 KB gzipped with its styles) loads a second into the page once the browser is idle, not
// beside the first page's own code (issue 21), or at once for a toast raised before. A
// toast raised before it arrives waits for it: notify queues on one promise, and the Toaster shows
// the toasts raised before it subscribed.
type Sonner = typeof import('sonner')
let sonner: Promise<Sonner> | undefined
/** Whether sonner has been asked for (by a toast or the idle load): the Toaster renders it from then on. */
let asked = false
const whenAsked = new Set<() => void>()
const loadSonner = () => {
  sonner ??= import('sonner').catch((error: unknown) => {
    sonner = undefined // a failed download (a deploy in between) is tried again by the next toast
    throw error
  })
  if (!asked) {
    asked = true
    for (const tell of whenAsked) tell()
  }
  return sonner
}
const onAsked = (tell: () => void) => {
  whenAsked.add(tell)
  return () => {
    whenAsked.delete(tell)
  }
}
/** How long sonner waits at the least: the first page's downloads and render come first. */
const SONNER_AFTER_MS = 1_000
// Without its code there are no toasts, but the page still works: no error screen for a toaster.
const SonnerToaster = lazy<ComponentType<ToasterProps>>(async () => {
  try {
    return { default: (await loadSonner()).Toaster }
  } catch {
    return { default: (_props: ToasterProps) => null }
  }
})

/** SPEC.md section 9: toasts are removed after 1,000,000 ms, so a summary is not missed. */
export const TOAST_DURATION_MS = 1_000_000

/** SPEC.md section 9: one toast at a time, at the bottom right (on phones sonner spans the bottom edge). */
export function Toaster() {
  const { theme } = useTheme()
  const shown = useSyncExternalStore(onAsked, () => asked)
  useEffect(() => whenIdle(() => void loadSonner().catch(() => {}), SONNER_AFTER_MS), [])
  if (!shown) return null
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        theme={theme}
        visibleToasts={1}
        position="bottom-right"
        duration={TOAST_DURATION_MS}
        richColors
        closeButton
      />
    </Suspense>
  )
}

/** `id`: a toast raised again with the same id (one outage, many failed queries) updates in place. */
type ToastText = { title: string; description?: string; id?: string }
type Position = 'bottom-right' | 'top-right'

/** Taller than a toast with its description and margin: a button this close to the bottom would be covered. */
const BOTTOM_BAND_PX = 200

// The control the person last clicked (or pressed Enter or Space on), usually what raised the toast.
let lastControl: Element | null = null
if (typeof document !== 'undefined') {
  document.addEventListener(
    'click',
    (event) => {
      lastControl = event.target instanceof Element ? event.target.closest('button, a, [role="button"]') : null
    },
    true,
  )
}

/**
 * Bottom right, away from the header and the page's action buttons; at the top instead when the
 * control that raised the toast sits near the bottom of the screen, so a toast never covers it.
 */
function positionAwayFromRaiser(): Position {
  if (!lastControl?.isConnected) return 'bottom-right'
  return lastControl.getBoundingClientRect().bottom > window.innerHeight - BOTTOM_BAND_PX ? 'top-right' : 'bottom-right'
}

/**
 * The newest toast replaces the last (one at a time): the older ones are dismissed, not queued
 * behind it. Placed where the raiser is now, shown as soon as sonner is there.
 */
function replacing(show: (toast: Sonner['toast'], position: Position) => unknown, id?: string): void {
  const position = positionAwayFromRaiser()
  loadSonner().then(
    ({ toast }) => {
      for (const shown of toast.getToasts()) if (shown.id !== id) toast.dismiss(shown.id)
      show(toast, position)
    },
    () => undefined,
  )
}

/** The product's toast styles: success, a neutral notice, and the destructive one for failures. */
export const notify = {
  success: ({ title, description, id }: ToastText) =>
    replacing((toast, position) => toast.success(title, { description, position, id }), id),
  info: ({ title, description, id }: ToastText) =>
    replacing((toast, position) => toast.info(title, { description, position, id }), id),
  error: ({ title, description, id }: ToastText) =>
    replacing((toast, position) => toast.error(title, { description, position, id }), id),
  /** 'Error' with the failure's own message (the server's, when it sent one). */
  failure: (error: unknown) =>
    replacing((toast, position) =>
      toast.error('Error', {
        description: error instanceof Error ? error.message : 'An unexpected error occurred',
        position,
      }),
    ),
}
