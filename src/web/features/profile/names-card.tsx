import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { profileNamesSchema } from '../../../domain/users/user-input'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField } from '../../components/ui/form-field'
import { notify } from '../../components/ui/toaster'
import type { Me } from '../auth/session'
import { useUpdateNames } from './api'

export function NamesCard({ profile }: { profile: Me['profile'] }) {
  const updateNames = useUpdateNames()
  const form = useForm<z.infer<typeof profileNamesSchema>>({
    resolver: zodResolver(profileNamesSchema),
    values: { firstName: profile.first_name ?? '', lastName: profile.last_name ?? '' },
  })
  const { errors, isSubmitting } = form.formState
  const submit = form.handleSubmit(async (names) => {
    try {
      await updateNames.mutateAsync(names)
      notify.success({ title: 'Profile updated', description: 'Your name was saved.' })
    } catch (error) {
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
        </form>
      </CardContent>
    </Card>
  )
}
