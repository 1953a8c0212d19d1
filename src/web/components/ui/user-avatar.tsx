import { useState } from 'react'
import { avatarInitials, type PersonNames } from '../../../domain/profiles/display'
import { cn } from '../../lib/utils'

/** The avatar image, else the initials rule of SPEC.md section 2. */
export function UserAvatar({
  person,
  className,
}: {
  person: PersonNames & { avatar_url?: string | null }
  className?: string
}) {
  const [broken, setBroken] = useState(false)
  const showImage = Boolean(person.avatar_url) && !broken
  return (
    <span
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary/15 text-xs font-semibold text-primary',
        className,
      )}
      data-testid="user-avatar"
    >
      {showImage ? (
        <img src={person.avatar_url ?? ''} alt="" className="size-full object-cover" onError={() => setBroken(true)} />
      ) : (
        avatarInitials(person)
      )}
    </span>
  )
}
