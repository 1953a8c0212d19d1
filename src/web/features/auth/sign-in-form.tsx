import { useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { EMAIL_MESSAGE, EMAIL_SHAPE } from '../../../domain/auth/email-shape'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { notify } from '../../components/ui/toaster'
import { authErrorMessage } from './auth-error'
import { loadAuthClient } from './load-auth-client'
import { meQueryOptions } from './session'

type SignInValues = { email: string; password: string }

export function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const form = useForm<SignInValues>({ defaultValues: { email: '', password: '' } })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async ({ email, password }) => {
    const authClient = await loadAuthClient('Sign In Failed')
    if (!authClient) return
    const { error } = await authClient.signIn.email({ email, password })
    if (error) {
      notify.error({ title: 'Sign In Failed', description: authErrorMessage(error, 'Invalid email or password') })
      return
    }
    notify.success({ title: 'Welcome back!', description: 'You have been successfully signed in.' })
    await queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey })
    navigate('/dashboard', { replace: true })
  })

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <FormField
        id="email"
        label="Email"
        type="email"
        autoComplete="username"
        error={errors.email?.message}
        {...form.register('email', {
          required: EMAIL_MESSAGE,
          pattern: { value: EMAIL_SHAPE, message: EMAIL_MESSAGE },
        })}
      />
      <FormField
        id="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password', { required: 'Password is required.' })}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Signing In...' : 'Sign In'}
      </Button>
      <Button type="button" variant="link" className="w-full" onClick={onForgotPassword}>
        Forgot your password?
      </Button>
    </form>
  )
}
