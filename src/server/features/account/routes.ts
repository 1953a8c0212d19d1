import { Hono } from 'hono'
import { z } from 'zod'
import { defaultRouteForRole } from '../../../domain/auth'
import type { AppDeps, AppEnv } from '../../app-env'
import { CLIENT_IP_HEADER } from '../../auth/auth'
import { requireViewer } from '../../auth/viewer'
import { unauthorized } from '../../http/app-error'
import { forwardCookies } from '../../http/forward-cookies'
import { validate } from '../../http/validate'
import { getMe } from './me'
import { roleOf, setNewPassword } from './service'

export const setPasswordSchema = z.object({
  newPassword: z.string().min(1, 'New password is required.').max(1024),
  // A link's token is URL-safe base64 or alphanumeric; anything else (a stored hash pasted back) is no token.
  token: z
    .string()
    .min(1)
    .max(256)
    .regex(/^[A-Za-z0-9_-]+$/, 'is not a valid reset link token')
    .optional(),
})

export function accountRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/me', async (c) => {
      const viewer = requireViewer(c, { allowPasswordReset: true })
      return c.json(await getMe(deps, viewer))
    })
    .post('/account/password', validate('json', setPasswordSchema), async (c) => {
      const input = c.req.valid('json')
      const { email } = await setNewPassword(deps, c.get('viewer'), input, c.get('clientIp'))
      // Sign the user in with the new password: the old sessions are gone, this one is fresh.
      const headers = new Headers({ [CLIENT_IP_HEADER]: c.get('clientIp') })
      const signIn = await deps.auth.api.signInEmail({
        body: { email, password: input.newPassword },
        headers,
        asResponse: true,
      })
      if (!signIn.ok)
        throw unauthorized('Your password was changed, but signing in failed. Sign in with the new password.')
      const body = (await signIn.json()) as { user?: { id: string } }
      const redirectTo = defaultRouteForRole(body.user ? await roleOf(deps, body.user.id) : undefined)
      return forwardCookies(signIn, c.json({ ok: true, redirectTo }))
    })
}
