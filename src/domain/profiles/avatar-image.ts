/** Largest avatar accepted, in bytes. */
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const
export type AvatarType = (typeof AVATAR_TYPES)[number]

const SIGNATURES: ReadonlyArray<{ type: AvatarType; matches: (bytes: Uint8Array) => boolean }> = [
  { type: 'image/png', matches: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { type: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', matches: (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38 },
  {
    type: 'image/webp',
    matches: (b) =>
      b[0] === 0x52 &&
      b[1] === 0x49 &&
      b[2] === 0x46 &&
      b[3] === 0x46 &&
      b[8] === 0x57 &&
      b[9] === 0x45 &&
      b[10] === 0x42 &&
      b[11] === 0x50,
  },
]

/**
 * An avatar must be a PNG, JPEG, WebP or GIF of at most 2 MB, judged by its first bytes (not by
 * the name or the type the browser claims). Returns its type, or the reason it is refused.
 */
export function checkAvatarImage(bytes: Uint8Array): { type: AvatarType } | { problem: string } {
  if (bytes.length === 0) return { problem: 'The file is empty.' }
  if (bytes.length > MAX_AVATAR_BYTES) return { problem: 'The image must be 2 MB or smaller.' }
  const match = SIGNATURES.find((signature) => signature.matches(bytes))
  return match ? { type: match.type } : { problem: 'The image must be a PNG, JPEG, WebP or GIF file.' }
}
