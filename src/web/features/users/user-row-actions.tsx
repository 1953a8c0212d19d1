import { useQueryClient } from '@tanstack/react-query'
import { Eye, KeyRound, MoreHorizontal, Pencil, UserCheck, UserX } from 'lucide-react'
import { useNavigate } from 'react-router'
import { displayName } from '../../../domain/profiles/display'
import { Button } from '../../components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu'
import { notify } from '../../components/ui/toaster'
import { startImpersonation, type UserRow, useSendPasswordReset, useSetUserActive } from './api'

type Props = { user: UserRow; viewerIsAdmin: boolean; isSelf: boolean; onEdit: () => void }

export function UserRowActions({ user, viewerIsAdmin, isSelf, onEdit }: Props) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const setActive = useSetUserActive()
  const sendReset = useSendPasswordReset()
  const name = displayName(user)
  const manageable = viewerIsAdmin || user.role !== 'admin'

  async function toggleActive() {
    if (
      user.active &&
      !window.confirm(`Deactivate ${name}? They are signed out at once and can't sign in until reactivated.`)
    )
      return
    try {
      await setActive.mutateAsync({ id: user.id, active: !user.active })
      notify.success({ title: user.active ? 'User deactivated' : 'User reactivated', description: name })
    } catch (error) {
      notify.failure(error)
    }
  }

  async function reset() {
    try {
      await sendReset.mutateAsync(user.id)
      notify.success({ title: 'Password Reset Email Sent', description: `A reset link was sent to ${user.email}.` })
    } catch (error) {
      notify.failure(error)
    }
  }

  async function viewAs() {
    try {
      const { redirectTo } = await startImpersonation(user.id)
      queryClient.clear()
      navigate(redirectTo, { replace: true })
    } catch (error) {
      notify.failure(error)
    }
  }

  if (!manageable) return null
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={onEdit}>
          <Pencil aria-hidden />
          Edit
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={reset} disabled={!user.active || sendReset.isPending}>
          <KeyRound aria-hidden />
          Send password reset
        </DropdownMenuItem>
        {viewerIsAdmin && user.role !== 'admin' && user.active && (
          <DropdownMenuItem onSelect={viewAs}>
            <Eye aria-hidden />
            View as this user
          </DropdownMenuItem>
        )}
        {!isSelf && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={toggleActive} className={user.active ? 'text-destructive' : undefined}>
              {user.active ? <UserX aria-hidden /> : <UserCheck aria-hidden />}
              {user.active ? 'Deactivate' : 'Reactivate'}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
