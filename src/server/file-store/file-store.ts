/**
 * Where photos and documents live (issue 20): a directory under DATA_DIR for the embedded default,
 * an S3-compatible bucket when S3_URL is set so several instances share them. Keys are the
 * service's own ('<company>/<file id>' and '.thumb'), never a person's file name.
 */
export type FileStore = {
  put: (key: string, bytes: Uint8Array, contentType: string) => Promise<void>
  /** The bytes, or null when nothing is stored under the key. */
  get: (key: string) => Promise<Uint8Array | null>
  delete: (key: string) => Promise<void>
}

const KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}(\.thumb)?$/

/** A key the stores accept: a company id, a file id and an optional '.thumb' (no path tricks). */
export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a file key: ${key}`)
  return key
}
