import exifr from 'exifr'
import sharp, { type Metadata } from 'sharp'
import {
  FILE_MESSAGES,
  type FileFormat,
  MAX_FILE_BYTES,
  MAX_MEGAPIXELS,
  THUMBNAIL_SIZE,
} from '../../../domain/files/file-rules'
import { AppError, badRequest } from '../../lib/app-error'

export type Inspected = { format: FileFormat; width: number | null; height: number | null; takenAt: Date | null }

const IMAGE_FORMATS: readonly string[] = ['jpeg', 'png', 'webp'] satisfies FileFormat[]
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d] // '%PDF-'
const MAX_PIXELS = MAX_MEGAPIXELS * 1_000_000

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, index) => bytes[index] === byte)

/** When the photo was taken, from its EXIF (DateTimeOriginal, else CreateDate); null without one. */
async function exifTime(bytes: Uint8Array): Promise<Date | null> {
  try {
    const tags = await exifr.parse(Buffer.from(bytes), ['DateTimeOriginal', 'CreateDate'])
    const taken = tags?.DateTimeOriginal ?? tags?.CreateDate
    return taken instanceof Date && !Number.isNaN(taken.getTime()) ? taken : null
  } catch {
    return null
  }
}

/**
 * What a file is, by its content: a PDF by its signature, an image by decoding its header (a
 * name or a claimed type counts for nothing). Refuses anything else, an empty or oversized file,
 * and an image over the pixel limit.
 */
export async function inspectFile(bytes: Uint8Array): Promise<Inspected> {
  if (bytes.length === 0) throw badRequest(FILE_MESSAGES.empty, 'file')
  if (bytes.length > MAX_FILE_BYTES) throw new AppError('payload_too_large', FILE_MESSAGES.tooLarge, 'file')
  if (startsWith(bytes, PDF_MAGIC)) return { format: 'pdf', width: null, height: null, takenAt: null }
  let metadata: Metadata
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    throw badRequest(FILE_MESSAGES.notAccepted, 'file')
  }
  if (!metadata.format || !IMAGE_FORMATS.includes(metadata.format) || !metadata.width || !metadata.height)
    throw badRequest(FILE_MESSAGES.notAccepted, 'file')
  if (metadata.width * metadata.height > MAX_PIXELS) throw badRequest(FILE_MESSAGES.tooManyPixels, 'file')
  return {
    format: metadata.format as FileFormat,
    width: metadata.width,
    height: metadata.height,
    takenAt: metadata.format === 'png' ? null : await exifTime(bytes),
  }
}

/** A small WebP of an image, turned upright by its EXIF orientation, for lists and phones. */
export async function makeThumbnail(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer(),
  )
}
