import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { checkKey, type FileStore } from './file-store'

export type S3Settings = {
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  region: string
}

/**
 * S3_URL as 'https://KEY:SECRET@host[:port]/bucket' (path-style, so any S3-compatible server
 * works); null when it is not one. The credentials never leave this object.
 */
export function parseS3Url(value: string, region = 'us-east-1'): S3Settings | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  const bucket = url.pathname.replace(/^\/+|\/+$/g, '')
  if (
    !['http:', 'https:'].includes(url.protocol) ||
    !url.username ||
    !url.password ||
    !/^[a-z0-9.-]{3,63}$/.test(bucket)
  )
    return null
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket,
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    region,
  }
}

/** Files in an S3-compatible bucket. */
export function createS3Store(settings: S3Settings): FileStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  })
  const Bucket = settings.bucket
  return {
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: bytes, ContentType: contentType }))
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }))
        return object.Body ? await object.Body.transformToByteArray() : null
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null
        throw error
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }))
    },
  }
}
