import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { z } from 'zod'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { notify } from '../../components/ui/toaster'
import { authClient } from '../../lib/auth-client'
import { meQueryOptions } from './session'

const signInSchema = z.object({
  email: z.email('Enter a valid email address.'),
  password: z.string().min(1, 'Password is required.'),
})
type SignInValues = z.infer<typeof signInSchema>

export function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async ({ email, password }) => {
    const { error } = await authClient.signIn.email({ email, password })
    if (error) {
      notify.error({ title: 'Sign In Failed', description: error.message ?? 'Invalid email or password' })
      return
    }
    notify.success({ title: 'Welcome back!', description: 'You have been successfully signed in.' })
    await queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey })
    navigate('/dashboard', { replace: true })
  })

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="space-y-2">
        <Label htmlFor="email">Email</Label>
        <Input
          id="email"
          type="email"
          autoComplete="username"
          aria-invalid={Boolean(errors.email)}
          {...form.register('email')}
        />
        {errors.email && <p className="text-sm text-destructive">{errors.email.message}</p>}
      </div>
      <div className="space-y-2">
        <Label htmlFor="password">Password</Label>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={Boolean(errors.password)}
          {...form.register('password')}
        />
        {errors.password && <p className="text-sm text-destructive">{errors.password.message}</p>}
      </div>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Signing In...' : 'Sign In'}
      </Button>
      <Button type="button" variant="link" className="w-full" onClick={onForgotPassword}>
        Forgot your password?
      </Button>
    </form>
  )
}
