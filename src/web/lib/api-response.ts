// Our API's answers read the same way everywhere: a refusal becomes an ApiError with the server's
// words. Apart from the typed client (lib/api) so the public signature page loads without it.

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
