import { problemFor } from '../../components/ui/form-problems'
import { ApiError } from '../../lib/api'

/** The server's reason about one field, without the field's name in front, to show beside it. */
export function fieldError(error: Error | null, field: string): string | undefined {
  return problemFor(error, field)
}

/** A reason no field of the form shows beside it: shown under the form instead. */
export function formError(error: Error | null, fields: readonly string[]): string | undefined {
  if (!error) return undefined
  if (!(error instanceof ApiError) || error.problems.length === 0) return error.message
  const elsewhere = error.problems.filter((problem) => !fields.includes(problem.field))
  if (elsewhere.length === error.problems.length) return error.message
  return elsewhere.length ? elsewhere.map((problem) => problem.message).join(' ') : undefined
}
