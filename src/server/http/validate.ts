import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { z } from 'zod'
import { assertAccessCheckedBeforeInput } from '../auth/access-check'
import { badRequest } from './app-error'
import { findUnstorableText, unstorableTextMessage } from './unstorable-text'

/** zod validation whose failure is our 400: the first problem's field and reason (text that cannot be stored included). */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  const validator = zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0]
      const field = issue?.path.join('.') || undefined
      throw badRequest(issue ? `${field ? `${field}: ` : ''}${issue.message}` : 'Invalid input.', field)
    }
    // Bodies too large for the check before the routes are checked here, once parsed.
    const unstorable = findUnstorableText(result.data)
    if (unstorable) throw badRequest(unstorableTextMessage(unstorable), unstorable)
  })
  // Who may call the route is checked before any of its input is read (src/server/auth/access-check.ts).
  const checkedFirst: typeof validator = async (c, next) => {
    assertAccessCheckedBeforeInput(c)
    return validator(c, next)
  }
  return checkedFirst
}
