/** Largest avatar accepted, in bytes. */
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const
export type AvatarType = (typeof AVATAR_TYPES)[number]

/** What an avatar may be, by its content (the server's one upload check reads the bytes). */
export const AVATAR_FORMATS = ['png', 'jpeg', 'webp', 'gif'] as const

export const AVATAR_MESSAGES = {
  notAccepted: 'The image must be a PNG, JPEG, WebP or GIF file.',
  tooLarge: 'The image must be 2 MB or smaller.',
} as const
