import { Toaster as Sonner, toast } from 'sonner'
import { useTheme } from '../../app/theme/theme-provider'

/** SPEC.md section 9: one toast at a time. */
export function Toaster() {
  const { theme } = useTheme()
  return <Sonner theme={theme} visibleToasts={1} position="top-right" richColors closeButton />
}

type ToastText = { title: string; description?: string }

/** The product's toast styles: success, a neutral notice, and the destructive one for failures. */
export const notify = {
  success: ({ title, description }: ToastText) => toast.success(title, { description }),
  info: ({ title, description }: ToastText) => toast.info(title, { description }),
  error: ({ title, description }: ToastText) => toast.error(title, { description }),
  /** 'Error' with the failure's own message (the server's, when it sent one). */
  failure: (error: unknown) =>
    toast.error('Error', { description: error instanceof Error ? error.message : 'An unexpected error occurred' }),
}
