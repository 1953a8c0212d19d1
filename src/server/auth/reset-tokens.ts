import { createHash } from 'node:crypto'

/** better-auth's verification identifier of a password reset (or our invitation) link: this prefix and the token. */
export const RESET_PASSWORD_PREFIX = 'reset-password:'

/**
 * How a reset link's identifier is stored: the prefix kept (so every link of a person can be
 * ended at once), the token only as its SHA-256. A reader of the table cannot rebuild a link;
 * the token is 24 random characters, so a fast hash is enough.
 */
export function storedResetIdentifier(identifier: string): string {
  const token = identifier.startsWith(RESET_PASSWORD_PREFIX)
    ? identifier.slice(RESET_PASSWORD_PREFIX.length)
    : identifier
  return `${RESET_PASSWORD_PREFIX}sha256:${createHash('sha256').update(token, 'utf8').digest('hex')}`
}

/** The stored identifier of the link that carries `token`. */
export function resetTokenIdentifier(token: string): string {
  return storedResetIdentifier(`${RESET_PASSWORD_PREFIX}${token}`)
}
