import type { ContentfulStatusCode } from 'hono/utils/http-status'

export type AppErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'payload_too_large'
  | 'too_many_requests'
  | 'internal'
  | 'unavailable'

const statusByCode: Record<AppErrorCode, ContentfulStatusCode> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
}

/** One reason about one field of a form, for the screen to show beside that field. */
export type FieldProblem = { field: string; message: string }

/**
 * The one error model: a code that maps to an HTTP status and a message a person can read; a
 * refused input names its field (the first one wrong) and, when several are, each with its reason.
 */
export class AppError extends Error {
  readonly code: AppErrorCode
  readonly field: string | undefined
  readonly problems: readonly FieldProblem[] | undefined

  constructor(code: AppErrorCode, message: string, field?: string, problems?: readonly FieldProblem[]) {
    super(message)
    this.code = code
    this.field = field
    this.problems = problems
  }

  get status(): ContentfulStatusCode {
    return statusByCode[this.code]
  }

  toJSON() {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.field ? { field: this.field } : {}),
        ...(this.problems?.length ? { problems: this.problems } : {}),
      },
    }
  }
}

export const badRequest = (message: string, field?: string) => new AppError('bad_request', message, field)
/** A 400 for several fields at once: every reason in the message, each also beside its field. */
export const badFields = (problems: readonly FieldProblem[]) =>
  new AppError('bad_request', problems.map((problem) => problem.message).join(' '), problems[0]?.field, problems)
export const unauthorized = (message = 'Sign in to continue.') => new AppError('unauthorized', message)
export const forbidden = (message = 'You do not have access to this.') => new AppError('forbidden', message)
export const notFound = (message = 'Not found.') => new AppError('not_found', message)
