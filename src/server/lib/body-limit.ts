import { bodyLimit } from 'hono/body-limit'
import { AppError } from './app-error'

/**
 * Refuses a body over `maxSize` with a 413 naming the limit. The refusal closes the connection:
 * the rest of the body is still on its way, and the server stops reading it after a moment, so a
 * client reusing the connection would lose its next request ('other side closed').
 */
export function limitBody(maxSize: number, message: string, field?: string) {
  return bodyLimit({
    maxSize,
    onError: (c) => c.json(new AppError('payload_too_large', message, field).toJSON(), 413, { Connection: 'close' }),
  })
}
