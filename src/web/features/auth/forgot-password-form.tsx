import { useForm } from 'react-hook-form'
import { EMAIL_MESSAGE, EMAIL_SHAPE } from '../../../domain/auth/email-shape'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { notify } from '../../components/ui/toaster'
import { authErrorMessage } from './auth-error'
import { loadAuthClient } from './load-auth-client'

type ForgotValues = { email: string }

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const form = useForm<ForgotValues>({ defaultValues: { email: '' } })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async ({ email }) => {
    const authClient = await loadAuthClient('Password Reset Failed')
    if (!authClient) return
    const { error } = await authClient.requestPasswordReset({ email, redirectTo: '/reset-password' })
    if (error) {
      notify.error({ title: 'Password Reset Failed', description: authErrorMessage(error, 'Please try again.') })
      return
    }
    notify.success({
      title: 'Password Reset Email Sent',
      description: 'Please check your email for password reset instructions.',
    })
    onBack()
  })

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <p className="text-sm text-muted-foreground">
        Enter your email and we will send you a link to set a new password.
      </p>
      <FormField
        id="reset-email"
        label="Email"
        type="email"
        autoComplete="username"
        error={errors.email?.message}
        {...form.register('email', {
          required: EMAIL_MESSAGE,
          pattern: { value: EMAIL_SHAPE, message: EMAIL_MESSAGE },
        })}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <Button type="button" variant="link" className="w-full" onClick={onBack}>
        Back to Sign In
      </Button>
    </form>
  )
}
