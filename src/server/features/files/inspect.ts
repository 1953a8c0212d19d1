import sharp from 'sharp'
import { THUMBNAIL_SIZE } from '../../../domain/files/file-rules'
import { MAX_PIXELS } from '../../file-store/upload-check'

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
