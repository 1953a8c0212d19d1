import { createHash, randomBytes } from 'node:crypto'

/** A signature link's token: 256 bits from the system's secure source; only its SHA-256 is stored. */
export function newSignatureToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashSignatureToken(token) }
}

export const hashSignatureToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** What a token may look like at all; anything else is refused before any lookup. */
export const SIGNATURE_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

export const signatureLink = (baseUrl: string, token: string) => `${baseUrl}/signature/${token}`
