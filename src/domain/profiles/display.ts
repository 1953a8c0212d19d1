export type PersonNames = {
  first_name?: string | null
  last_name?: string | null
  email?: string | null
}

const clean = (value: string | null | undefined) => value?.trim() ?? ''

/** SPEC.md section 2: the full name, else the e-mail, else 'User'. */
export function displayName(person: PersonNames): string {
  const full = [clean(person.first_name), clean(person.last_name)].filter(Boolean).join(' ')
  return full || clean(person.email) || 'User'
}

/**
 * SPEC.md section 2, the avatar's fallback text: the initials of first and last name, else the
 * first letter of the e-mail, else 'U'. Upper case.
 */
export function avatarInitials(person: PersonNames): string {
  const first = clean(person.first_name)
  const last = clean(person.last_name)
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase()
  const email = clean(person.email)
  if (email) return email[0].toUpperCase()
  return 'U'
}
