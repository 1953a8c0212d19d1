import { useMe } from '../auth/session'
import { AvatarCard } from './avatar-card'
import { NamesCard } from './names-card'
import { PasswordCard } from './password-card'
import { SessionsCard } from './sessions-card'

export function ProfilePage() {
  const me = useMe()
  if (!me.data) return null
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Profile Settings</h1>
      <NamesCard profile={me.data.profile} />
      <AvatarCard profile={me.data.profile} />
      <PasswordCard />
      <SessionsCard />
    </section>
  )
}
