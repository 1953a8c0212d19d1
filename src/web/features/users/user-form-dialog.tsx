import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { ROLE_LABELS, ROLES, type Role } from '../../../domain/auth/roles'
import { type CreateUserInput, createUserSchema } from '../../../domain/users/user-input'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField, SelectField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import { type UserRow, useCreateUser, useUpdateUser } from './api'

type Props = {
  /** The person to edit; none to create an account. */
  user: UserRow | null
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Roles this viewer may give (only an administrator gives 'admin'). */
  assignableRoles: readonly Role[]
  /** The company's markets (Market Configuration), then Outside Area: the only markets the server takes. */
  marketChoices: readonly string[]
  onCreated: (result: { email: string; temporaryPassword: string | null }) => void
}

export function UserFormDialog({ user, open, onOpenChange, assignableRoles, marketChoices, onCreated }: Props) {
  const createUser = useCreateUser()
  const updateUser = useUpdateUser()
  const form = useForm<CreateUserInput>({
    resolver: zodResolver(createUserSchema),
    values: {
      email: user?.email ?? '',
      firstName: user?.first_name ?? '',
      lastName: user?.last_name ?? '',
      role: (user?.role as Role) ?? 'recovery_agent',
      market: user?.market ?? '',
      rdnIdNumber: user?.rdn_id_number ?? '',
      delivery: 'email',
    },
  })
  const { errors, isSubmitting } = form.formState
  // The server's refusal: a reason about a field shows beside it.
  const [refusal, setRefusal] = useState<unknown>(null)

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null)
    try {
      if (user) {
        const { email: _email, delivery: _delivery, ...changes } = values
        await updateUser.mutateAsync({ id: user.id, changes })
        notify.success({ title: 'User updated', description: `${values.firstName} ${values.lastName} was saved.` })
      } else {
        const created = await createUser.mutateAsync(values)
        onCreated({ email: created.user.email, temporaryPassword: created.temporaryPassword })
      }
      onOpenChange(false)
    } catch (error) {
      if (error instanceof ApiError && error.problems.length) {
        setRefusal(error)
      } else {
        notify.error({
          title: 'Error',
          description: error instanceof Error ? error.message : 'An unexpected error occurred',
        })
      }
    }
  })

  const roles =
    user && !assignableRoles.includes(user.role as Role) ? [...assignableRoles, user.role as Role] : assignableRoles
  // A market set before markets were chosen from a list stays selectable until it is changed.
  const unlistedMarket = user?.market && !marketChoices.includes(user.market) ? user.market : null
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{user ? 'Edit User' : 'Add User'}</DialogTitle>
        <DialogDescription>
          {user
            ? 'Changing the role signs the person out everywhere.'
            : 'The person chooses their own password before their first use.'}
        </DialogDescription>
        <FormProblems error={refusal}>
          <form onSubmit={submit} className="space-y-4" noValidate>
            <FormField
              id="user-email"
              label="Email"
              type="email"
              disabled={Boolean(user)}
              error={errors.email?.message}
              {...form.register('email')}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                id="user-first-name"
                label="First Name"
                error={errors.firstName?.message}
                {...form.register('firstName')}
              />
              <FormField
                id="user-last-name"
                label="Last Name"
                error={errors.lastName?.message}
                {...form.register('lastName')}
              />
            </div>
            <SelectField id="user-role" label="Role" error={errors.role?.message} {...form.register('role')}>
              {ROLES.filter((role) => roles.includes(role)).map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </SelectField>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField id="user-market" label="Market" error={errors.market?.message} {...form.register('market')}>
                <option value="">No market</option>
                {marketChoices.map((market) => (
                  <option key={market} value={market}>
                    {market}
                  </option>
                ))}
                {unlistedMarket && (
                  <option value={unlistedMarket}>{`${unlistedMarket} (not a configured market)`}</option>
                )}
              </SelectField>
              <FormField
                id="user-rdn-id"
                label="RDN ID Number"
                error={errors.rdnIdNumber?.message}
                {...form.register('rdnIdNumber')}
              />
            </div>
            {!user && (
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">First password</legend>
                <label className="flex items-center gap-2 text-sm">
                  <input type="radio" value="email" {...form.register('delivery')} />
                  E-mail a link to choose a password
                </label>
                <label className="flex items-center gap-2 text-sm">
                  <input type="radio" value="temporary_password" {...form.register('delivery')} />
                  Show a temporary password to hand over
                </label>
              </fieldset>
            )}
            <FormProblemsSummary />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Saving...' : user ? 'Save Changes' : 'Create User'}
              </Button>
            </div>
          </form>
        </FormProblems>
      </DialogContent>
    </Dialog>
  )
}
