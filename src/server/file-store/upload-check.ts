import exifr from 'exifr'
import sharp, { type Metadata } from 'sharp'
import {
  FILE_FORMATS,
  FILE_MESSAGES,
  type FileFormat,
  MAX_MEGAPIXELS,
  tooLargeMessage,
} from '../../domain/files/file-rules'
import { AppError, badRequest, notFound } from '../http/app-error'

// Issue 41: the one check every uploaded file passes (photos and documents, fee-request evidence).
// What a file is comes from its bytes, never from its name or the type the client claims; an image
// must decode to its last pixel, and is stored re-encoded, upright and without its metadata (no GPS
// position in a served photo); its EXIF time and position are kept as data.

/** What an upload may be: a stored file's formats, and a GIF where an avatar may be one. */
export type UploadFormat = FileFormat | 'gif'
const UPLOAD_FORMATS = {
  ...FILE_FORMATS,
  gif: { kind: 'image', contentType: 'image/gif', extension: 'gif' },
} as const satisfies Record<UploadFormat, { kind: string; contentType: string; extension: string }>
type ImageFormat = Exclude<UploadFormat, 'pdf'>

export type UploadRules<Format extends UploadFormat> = {
  /** The request field named in a refusal. */
  field: string
  maxBytes: number
  /** The formats taken (default: photos and PDFs, as stored files are). */
  accept?: readonly Format[]
  /** Refusals in the words of the form (default: a stored file's). */
  messages?: { notAccepted?: string; tooLarge?: string }
}

export type CheckedUpload<Format extends UploadFormat = FileFormat> = {
  format: Format
  kind: 'image' | 'document'
  contentType: string
  /** The bytes to store: an image re-encoded without metadata, a PDF as sent. */
  bytes: Uint8Array
  width: number | null
  height: number | null
  takenAt: Date | null
  latitude: number | null
  longitude: number | null
}

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d] // '%PDF-'
const STORED_FILE_FORMATS: readonly FileFormat[] = ['jpeg', 'png', 'webp', 'pdf']
const IMAGE_SIGNATURES: readonly { format: ImageFormat; matches: (bytes: Uint8Array) => boolean }[] = [
  { format: 'gif', matches: (bytes) => startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) }, // 'GIF8'
  { format: 'jpeg', matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  { format: 'png', matches: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  {
    format: 'webp',
    // 'RIFF', a length, 'WEBP'
    matches: (bytes) =>
      startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes.subarray(8), [0x57, 0x45, 0x42, 0x50]),
  },
]
export const MAX_PIXELS = MAX_MEGAPIXELS * 1_000_000

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, index) => bytes[index] === byte)

/** When and where the photo was taken, from its EXIF; nulls without them. */
async function exifFacts(bytes: Uint8Array) {
  try {
    const tags = await exifr.parse(Buffer.from(bytes), { tiff: true, exif: true, gps: true, ifd1: false })
    const taken = tags?.DateTimeOriginal ?? tags?.CreateDate
    const latitude = Number(tags?.latitude)
    const longitude = Number(tags?.longitude)
    const placed =
      Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
    return {
      takenAt: taken instanceof Date && !Number.isNaN(taken.getTime()) ? taken : null,
      latitude: placed ? latitude : null,
      longitude: placed ? longitude : null,
    }
  } catch {
    return { takenAt: null, latitude: null, longitude: null }
  }
}

/** The image decoded in full and written again: upright by its EXIF orientation, with no metadata. */
async function reencode(bytes: Uint8Array, format: ImageFormat) {
  if (format === 'gif') {
    // Every frame kept (GIFs carry no EXIF to turn by).
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'truncated', animated: true })
      .gif()
      .toBuffer({ resolveWithObject: true })
    return { bytes: new Uint8Array(data), width: info.width, height: info.pageHeight ?? info.height }
  }
  const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' }).rotate()
  const encoded =
    format === 'jpeg' ? image.jpeg({ quality: 92 }) : format === 'png' ? image.png() : image.webp({ quality: 92 })
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
  return { bytes: new Uint8Array(data), width: info.width, height: info.height }
}

/**
 * Checks an uploaded file and returns what to store: refuses an empty or oversized file, anything
 * but a JPEG, PNG or WebP image or a PDF (by content), an image over the pixel limit, and an image
 * that does not decode in full (a truncated or damaged one), each with a 400 naming the field.
 */
export async function checkUpload<Format extends UploadFormat = FileFormat>(
  input: Uint8Array,
  rules: UploadRules<Format>,
): Promise<CheckedUpload<Format>> {
  const { field } = rules
  const accept: readonly UploadFormat[] = rules.accept ?? STORED_FILE_FORMATS
  const notAccepted = rules.messages?.notAccepted ?? FILE_MESSAGES.notAccepted
  if (input.length === 0) throw badRequest(FILE_MESSAGES.empty, field)
  if (input.length > rules.maxBytes)
    throw new AppError('payload_too_large', rules.messages?.tooLarge ?? tooLargeMessage(rules.maxBytes), field)
  if (startsWith(input, PDF_MAGIC)) {
    if (!accept.includes('pdf')) throw badRequest(notAccepted, field)
    return {
      format: 'pdf' as Format,
      ...UPLOAD_FORMATS.pdf,
      bytes: input,
      width: null,
      height: null,
      takenAt: null,
      latitude: null,
      longitude: null,
    }
  }
  const sniffed = IMAGE_SIGNATURES.find((signature) => signature.matches(input))?.format
  if (!sniffed || !accept.includes(sniffed)) throw badRequest(notAccepted, field)
  let metadata: Metadata
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    // It starts as a photo does but its header does not read: cut short or damaged.
    throw badRequest(FILE_MESSAGES.damaged, field)
  }
  if (metadata.format !== sniffed || !metadata.width || !metadata.height) throw badRequest(FILE_MESSAGES.damaged, field)
  if (metadata.width * (metadata.pageHeight ?? metadata.height) > MAX_PIXELS)
    throw badRequest(FILE_MESSAGES.tooManyPixels, field)
  let clean: Awaited<ReturnType<typeof reencode>>
  try {
    clean = await reencode(input, sniffed)
  } catch {
    throw badRequest(FILE_MESSAGES.damaged, field)
  }
  const facts = sniffed === 'gif' ? { takenAt: null, latitude: null, longitude: null } : await exifFacts(input)
  return { format: sniffed as Format, ...UPLOAD_FORMATS[sniffed], ...clean, ...facts }
}

/**
 * An image stored before uploads were cleaned, as it is served: upright, its metadata (GPS and all)
 * gone. One that does not decode (stored before uploads were checked) is not served at all.
 */
export async function withoutMetadata(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    return new Uint8Array(await sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate().toBuffer())
  } catch {
    throw notFound('This file is damaged and cannot be shown.')
  }
}
