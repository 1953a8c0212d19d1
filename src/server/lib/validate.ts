import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { z } from 'zod'
import { badRequest } from './app-error'
import { findUnstorableText, unstorableTextMessage } from './unstorable-text'

/** zod validation whose failure is our 400: the first problem's field and reason (text that cannot be stored included). */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0]
      const field = issue?.path.join('.') || undefined
      throw badRequest(issue ? `${field ? `${field}: ` : ''}${issue.message}` : 'Invalid input.', field)
    }
    // Bodies too large for the check before the routes are checked here, once parsed.
    const unstorable = findUnstorableText(result.data)
    if (unstorable) throw badRequest(unstorableTextMessage(unstorable), unstorable)
  })
}
