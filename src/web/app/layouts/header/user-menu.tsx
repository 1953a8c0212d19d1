import { LogOut, Settings } from 'lucide-react'
import { useNavigate } from 'react-router'
import { avatarInitials, displayName } from '../../../../domain/profiles/display'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu'
import { UserAvatar } from '../../../components/ui/user-avatar'
import { useMe } from '../../../features/auth/session'
import { useSignOut } from '../../../features/auth/use-sign-out'

/** SPEC.md section 2: avatar, name, e-mail, market, Profile Settings and Sign Out. */
export function UserMenu() {
  const me = useMe()
  const navigate = useNavigate()
  const signOut = useSignOut()
  const profile = me.data?.profile
  if (!profile) return null
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={`User menu: ${avatarInitials(profile)}`}
      >
        <UserAvatar person={profile} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="space-y-1 font-normal">
          <p className="truncate text-sm font-semibold">{displayName(profile)}</p>
          <p className="truncate text-xs text-muted-foreground">{profile.email}</p>
          {profile.market && <p className="text-xs text-muted-foreground">{`Market: ${profile.market}`}</p>}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/dashboard/profile')}>
          <Settings aria-hidden />
          Profile Settings
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
