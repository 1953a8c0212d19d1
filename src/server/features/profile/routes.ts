import { Hono } from 'hono'
import { z } from 'zod'
import { MAX_AVATAR_BYTES } from '../../../domain/profiles/avatar-image'
import { changePasswordSchema, profileNamesSchema } from '../../../domain/users/user-input'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireSignedIn, requireViewer } from '../../auth/viewer'
import { limitBody } from '../../http/body-limit'
import { forwardCookies } from '../../http/forward-cookies'
import { validate } from '../../http/validate'
import {
  changeOwnPassword,
  listOwnSessions,
  readAvatar,
  removeOwnAvatar,
  revokeOtherOwnSessions,
  saveOwnAvatar,
  updateOwnNames,
} from './service'

const avatarParamsSchema = z.object({ profileId: z.uuid('must be a user id') })

/** Profile Settings: every role has it (SPEC.md section 6). */
export function profileRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use('*', requireScreen(deps.db, 'Profile Settings'))
    .patch('/', validate('json', profileNamesSchema), async (c) => {
      await updateOwnNames(deps, requireViewer(c), c.req.valid('json'))
      return c.json({ ok: true })
    })
    .put('/avatar', limitBody(MAX_AVATAR_BYTES + 1024, 'The image must be 2 MB or smaller.', 'avatar'), async (c) =>
      c.json(await saveOwnAvatar(deps, requireViewer(c), new Uint8Array(await c.req.arrayBuffer()))),
    )
    .delete('/avatar', async (c) => {
      await removeOwnAvatar(deps, requireViewer(c))
      return c.json({ ok: true })
    })
    .post('/password', validate('json', changePasswordSchema), async (c) => {
      const viewer = requireViewer(c)
      const changed = await changeOwnPassword(deps, viewer, c.req.valid('json'), c.req.raw.headers, c.get('clientIp'))
      return forwardCookies(changed, c.json({ ok: true }))
    })
    .get('/sessions', async (c) => c.json({ sessions: await listOwnSessions(deps, requireViewer(c)) }))
    .post('/sessions/revoke-others', async (c) =>
      c.json(await revokeOtherOwnSessions(deps, requireViewer(c), c.get('clientIp'))),
    )
}

/** Avatars are served to signed-in people of the same company. */
export function avatarRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/:profileId', requireSignedIn, validate('param', avatarParamsSchema), async (c) => {
    const avatar = await readAvatar(deps, requireViewer(c), c.req.valid('param').profileId)
    c.header('Content-Type', avatar.content_type)
    c.header('Cache-Control', 'private, max-age=86400')
    return c.body(new Uint8Array(avatar.bytes))
  })
}
