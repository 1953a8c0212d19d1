import { type FormEvent, useState } from 'react'
import { checkNewPassword } from '../../../domain/auth/password-policy'
import { NewPasswordFields } from '../../components/new-password-fields'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import { useChangePassword } from './api'

export function PasswordCard() {
  const changePassword = useChangePassword()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirmation, setConfirmation] = useState('')
  // The server's refusal: a reason about a field shows beside it.
  const [refusal, setRefusal] = useState<unknown>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setRefusal(null)
    const problem = checkNewPassword(next, confirmation)
    if (problem) return notify.error({ title: problem.title, description: problem.message })
    try {
      await changePassword.mutateAsync({ currentPassword: current, newPassword: next })
      setCurrent('')
      setNext('')
      setConfirmation('')
      notify.success({ title: 'Password changed', description: 'Your other sessions were signed out.' })
    } catch (error) {
      if (error instanceof ApiError && error.problems.length) setRefusal(error)
      else notify.error({ title: 'Password Reset Failed', description: 'Failed to update password. Please try again.' })
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Change Password</CardTitle>
        <CardDescription>Changing it signs you out on every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <FormProblems error={refusal}>
          <form onSubmit={submit} className="space-y-4">
            <FormField
              id="current-password"
              label="Current Password"
              type="password"
              autoComplete="current-password"
              required
              value={current}
              name="currentPassword"
              onChange={(event) => setCurrent(event.target.value)}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <NewPasswordFields
                idPrefix="profile"
                password={next}
                confirmation={confirmation}
                onPasswordChange={setNext}
                onConfirmationChange={setConfirmation}
              />
            </div>
            <Button type="submit" disabled={changePassword.isPending}>
              {changePassword.isPending ? 'Updating Password...' : 'Update Password'}
            </Button>
            <FormProblemsSummary />
          </form>
        </FormProblems>
      </CardContent>
    </Card>
  )
}
