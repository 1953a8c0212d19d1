import { hc } from 'hono/client'
import type { AppType } from '../../server/app'

/** The typed client of our own API; its types come from the server's routes. */
export const api = hc<AppType>('/', { init: { credentials: 'same-origin' } })

export class ApiError extends Error {
  readonly status: number
  readonly field: string | undefined

  constructor(status: number, message: string, field?: string) {
    super(message)
    this.status = status
    this.field = field
  }
}

/** Reads a JSON response, turning our `{ error: { message, field } }` into an ApiError. */
export async function readJson<T>(response: Response): Promise<T> {
  if (response.ok) return (await response.json()) as T
  let message = `Request failed (${response.status})`
  let field: string | undefined
  try {
    const body = (await response.json()) as { error?: { message?: string; field?: string }; message?: string }
    message = body.error?.message ?? body.message ?? message
    field = body.error?.field
  } catch {
    // Not JSON: keep the status text.
  }
  throw new ApiError(response.status, message, field)
}
