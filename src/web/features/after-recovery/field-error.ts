import { ApiError } from '../../lib/api'

/** The server's reason about one field, without the field's name in front, to show beside it. */
export function fieldError(error: Error | null, field: string): string | undefined {
  if (!(error instanceof ApiError) || error.field !== field) return undefined
  return error.message.replace(/^[\w.]+: /, '')
}

/** A reason no field of the form shows beside it: shown under the form instead. */
export function formError(error: Error | null, fields: readonly string[]): string | undefined {
  if (!error) return undefined
  if (error instanceof ApiError && error.field && fields.includes(error.field)) return undefined
  return error.message
}
