import { type FormEvent, useState } from 'react'
import { checkNewPassword } from '../../../domain/auth/password-policy'
import { NewPasswordFields } from '../../components/new-password-fields'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField } from '../../components/ui/form-field'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import { useChangePassword } from './api'

export function PasswordCard() {
  const changePassword = useChangePassword()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFieldError(null)
    const problem = checkNewPassword(next, confirmation)
    if (problem) return notify.error({ title: problem.title, description: problem.message })
    try {
      await changePassword.mutateAsync({ currentPassword: current, newPassword: next })
      setCurrent('')
      setNext('')
      setConfirmation('')
      notify.success({ title: 'Password changed', description: 'Your other sessions were signed out.' })
    } catch (error) {
      if (error instanceof ApiError && error.field) setFieldError({ field: error.field, message: error.message })
      else notify.error({ title: 'Password Reset Failed', description: 'Failed to update password. Please try again.' })
    }
  }

  const errorFor = (field: string) => (fieldError?.field === field ? fieldError.message : undefined)
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Change Password</CardTitle>
        <CardDescription>Changing it signs you out on every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-4">
          <FormField
            id="current-password"
            label="Current Password"
            type="password"
            autoComplete="current-password"
            required
            value={current}
            error={errorFor('currentPassword')}
            onChange={(event) => setCurrent(event.target.value)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <NewPasswordFields
              idPrefix="profile"
              password={next}
              confirmation={confirmation}
              onPasswordChange={setNext}
              onConfirmationChange={setConfirmation}
              passwordError={errorFor('newPassword')}
            />
          </div>
          <Button type="submit" disabled={changePassword.isPending}>
            {changePassword.isPending ? 'Updating Password...' : 'Update Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
