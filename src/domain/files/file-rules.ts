// Issue 20: what a photo or document may be. Checked by content on the server, never by its name.

/** The largest file taken: a phone's full-resolution photo or a scanned PDF fits well inside. */
export const MAX_FILE_BYTES = 25 * 1024 * 1024
/** The most pixels an image may have (a 40-megapixel camera's photo). */
export const MAX_MEGAPIXELS = 40

/** What a stored file is, by its content. */
export const FILE_FORMATS = {
  jpeg: { kind: 'image', contentType: 'image/jpeg', extension: 'jpg' },
  png: { kind: 'image', contentType: 'image/png', extension: 'png' },
  webp: { kind: 'image', contentType: 'image/webp', extension: 'webp' },
  pdf: { kind: 'document', contentType: 'application/pdf', extension: 'pdf' },
} as const
export type FileFormat = keyof typeof FILE_FORMATS
export type FileKind = (typeof FILE_FORMATS)[FileFormat]['kind']

/** The longest side of a thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 320

export const FILE_MESSAGES = {
  notAccepted: 'Only photos (JPEG, PNG or WebP) and PDF documents are accepted.',
  tooLarge: `The file must be ${MAX_FILE_BYTES / 1024 / 1024} MB or smaller.`,
  tooManyPixels: `The photo must be ${MAX_MEGAPIXELS} megapixels or smaller.`,
  empty: 'The file is empty.',
  damaged: 'This image is damaged or incomplete: send the photo again.',
} as const

/** The size limit's reason for a limit in bytes ('The file must be 10 MB or smaller.'). */
export const tooLargeMessage = (maxBytes: number) => `The file must be ${maxBytes / 1024 / 1024} MB or smaller.`

/** A file name safe to show and to send back in a download: no path, no control characters, at most 120 characters. */
export function cleanFileName(name: string | undefined, format: FileFormat): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
    ?.replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 120)
  return base || `file.${FILE_FORMATS[format].extension}`
}
