/** Minimum password length (SPEC.md section 9). */
export const MIN_PASSWORD_LENGTH = 6
/** Longest password accepted; scrypt input stays bounded. */
export const MAX_PASSWORD_LENGTH = 128

export type PasswordProblem = { title: string; message: string }

/** SPEC.md section 8's texts for the two checks the reset screen makes before it calls the server. */
export const PASSWORD_MISMATCH: PasswordProblem = {
  title: 'Password Mismatch',
  message: 'Passwords do not match. Please try again.',
}
export const PASSWORD_TOO_SHORT: PasswordProblem = {
  title: 'Password Too Short',
  message: 'Password must be at least 6 characters long.',
}

/** New password rules (SPEC.md section 5): both fields required, at least 6 characters, equal. */
export function checkNewPassword(password: string, confirmation: string): PasswordProblem | null {
  if (password !== confirmation) return PASSWORD_MISMATCH
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT
  return null
}
