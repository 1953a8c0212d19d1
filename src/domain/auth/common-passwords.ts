import { dictionary } from '@zxcvbn-ts/language-common'
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-policy'

// Kept out of the domain index: the list is large and only the server needs it.
const commonPasswords = new Set<string>(dictionary['passwords-common'] as string[])

/**
 * The server's password policy: at least 6 characters, at most 128, and not one of the
 * ~49,000 most common passwords (zxcvbn's list, compared case-insensitively).
 * Returns the reason a person can read, or null when the password is acceptable.
 */
export function findPasswordPolicyProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'Password must be at least 6 characters long.'
  if (password.length > MAX_PASSWORD_LENGTH) return 'Password must be at most 128 characters long.'
  if (commonPasswords.has(password.toLowerCase())) {
    return 'This password is too common. Choose one that is harder to guess.'
  }
  return null
}
