import { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { idempotent } from '../../http/idempotency'
import { uuidParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { addLot, addZips, listMarkets, removeZip, setLotActive, setZipActive } from './service'

const market = z.string().trim().min(1, 'Enter the market’s name.').max(100)
const zipsBody = z.object({ market, zips: z.string().max(100_000) })
const lotBody = z.object({
  market,
  name: z.string().trim().min(1, 'Enter the lot’s name.').max(200),
  address: z
    .string()
    .trim()
    .max(300)
    .nullish()
    .transform((value) => value || null),
  coordinates: z.string().max(100),
})
const activeBody = z.object({ active: z.boolean() })
const id = (value: string) => uuidParam(value)

/** Market Configuration (admin and manager): markets' ZIP codes and storage lots. */
export function marketRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireScreen(deps.db, 'Market Configuration'))
    .get('/', async (c) => c.json({ markets: await listMarkets(deps, requireViewer(c)) }))
    .post('/zips', idempotent(deps), validate('json', zipsBody), async (c) =>
      c.json(await addZips(deps, requireViewer(c), c.req.valid('json'), c.get('clientIp'))),
    )
    .patch('/zips/:zipId', validate('json', activeBody), async (c) =>
      c.json(
        await setZipActive(
          deps,
          requireViewer(c),
          id(c.req.param('zipId')),
          c.req.valid('json').active,
          c.get('clientIp'),
        ),
      ),
    )
    .delete('/zips/:zipId', async (c) =>
      c.json(await removeZip(deps, requireViewer(c), id(c.req.param('zipId')), c.get('clientIp'))),
    )
    .post('/lots', idempotent(deps), validate('json', lotBody), async (c) =>
      c.json({ lot: await addLot(deps, requireViewer(c), c.req.valid('json'), c.get('clientIp')) }, 201),
    )
    .patch('/lots/:lotId', validate('json', activeBody), async (c) =>
      c.json(
        await setLotActive(
          deps,
          requireViewer(c),
          id(c.req.param('lotId')),
          c.req.valid('json').active,
          c.get('clientIp'),
        ),
      ),
    )
}
