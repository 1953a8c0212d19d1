import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { profileNamesSchema } from '../../../domain/users/user-input'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import type { Me } from '../auth/session'
import { useUpdateNames } from './api'

export function NamesCard({ profile }: { profile: Me['profile'] }) {
  const updateNames = useUpdateNames()
  const form = useForm<z.infer<typeof profileNamesSchema>>({
    resolver: zodResolver(profileNamesSchema),
    values: { firstName: profile.first_name ?? '', lastName: profile.last_name ?? '' },
  })
  const { errors, isSubmitting } = form.formState
  // The server's refusal: a reason about a field shows beside it.
  const [refusal, setRefusal] = useState<unknown>(null)
  const submit = form.handleSubmit(async (names) => {
    setRefusal(null)
    try {
      await updateNames.mutateAsync(names)
      notify.success({ title: 'Profile updated', description: 'Your name was saved.' })
    } catch (error) {
      if (error instanceof ApiError && error.problems.length) return setRefusal(error)
      notify.error({
        title: 'Error',
        description: error instanceof Error ? error.message : 'An unexpected error occurred',
      })
    }
  })
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Personal Information</CardTitle>
        <CardDescription>{profile.email}</CardDescription>
      </CardHeader>
      <CardContent>
        <FormProblems error={refusal}>
          <form onSubmit={submit} className="space-y-4" noValidate>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                id="profile-first-name"
                label="First Name"
                error={errors.firstName?.message}
                {...form.register('firstName')}
              />
              <FormField
                id="profile-last-name"
                label="Last Name"
                error={errors.lastName?.message}
                {...form.register('lastName')}
              />
            </div>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save'}
            </Button>
            <FormProblemsSummary />
          </form>
        </FormProblems>
      </CardContent>
    </Card>
  )
}
