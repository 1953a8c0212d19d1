// Our API's answers read the same way everywhere: a refusal becomes an ApiError with the server's
// words. Apart from the typed client (lib/api) so the public signature page loads without it.

/** One reason about one field, as the server names it ('keyType', 'rows.0.amountCents'). */
export type FieldProblem = { field: string; message: string }

export class ApiError extends Error {
  readonly status: number
  readonly field: string | undefined
  /** Every field refused, each with its reason (the first one is `field`). */
  readonly problems: readonly FieldProblem[]

  constructor(status: number, message: string, field?: string, problems?: readonly FieldProblem[]) {
    super(message)
    this.status = status
    this.field = field
    this.problems = problems?.length ? problems : field ? [{ field, message: message.replace(/^[\w.]+: /, '') }] : []
  }
}

/** Reads a JSON response, turning our `{ error: { message, field } }` into an ApiError. */
export async function readJson<T>(response: Response): Promise<T> {
  if (response.ok) return (await response.json()) as T
  let message = `Request failed (${response.status})`
  let field: string | undefined
  let problems: FieldProblem[] | undefined
  try {
    const body = (await response.json()) as {
      error?: { message?: string; field?: string; problems?: FieldProblem[] }
      message?: string
    }
    message = body.error?.message ?? body.message ?? message
    field = body.error?.field
    problems = Array.isArray(body.error?.problems) ? body.error.problems : undefined
  } catch {
    // Not JSON: keep the status text.
  }
  throw new ApiError(response.status, message, field, problems)
}
