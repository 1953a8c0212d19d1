import { Toaster as Sonner, toast } from 'sonner'
import { useTheme } from '../../app/theme/theme-provider'

/** SPEC.md section 9: toasts are removed after 1,000,000 ms, so a summary is not missed. */
export const TOAST_DURATION_MS = 1_000_000

/**
 * SPEC.md section 9: one toast at a time. At the bottom right, away from the header and the
 * page's action buttons (on phones, sonner spans the bottom edge), so it never covers the button
 * that raised it.
 */
export function Toaster() {
  const { theme } = useTheme()
  return (
    <Sonner
      theme={theme}
      visibleToasts={1}
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
    />
  )
}

type ToastText = { title: string; description?: string }

/** The newest toast replaces the last (one at a time): the older ones are dismissed, not queued behind it. */
function replacing(show: () => string | number) {
  toast.dismiss()
  return show()
}

/** The product's toast styles: success, a neutral notice, and the destructive one for failures. */
export const notify = {
  success: ({ title, description }: ToastText) => replacing(() => toast.success(title, { description })),
  info: ({ title, description }: ToastText) => replacing(() => toast.info(title, { description })),
  error: ({ title, description }: ToastText) => replacing(() => toast.error(title, { description })),
  /** 'Error' with the failure's own message (the server's, when it sent one). */
  failure: (error: unknown) =>
    replacing(() =>
      toast.error('Error', { description: error instanceof Error ? error.message : 'An unexpected error occurred' }),
    ),
}
