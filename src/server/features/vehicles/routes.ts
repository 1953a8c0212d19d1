import { Hono } from 'hono'
import { z } from 'zod'
import { isVehicleShape, paintForColor } from '../../../domain/vehicles/vehicle-image'
import { normalizeVin, VIN_LENGTH } from '../../../domain/vehicles/vin'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireSignedIn } from '../../auth/viewer'
import { notFound } from '../../http/app-error'
import { validate } from '../../http/validate'
import { decodeVin } from './service'
import { vehicleSilhouetteSvg } from './silhouettes'

const decodeVinBody = z.object({
  vin: z
    .string('Enter a VIN.')
    .transform(normalizeVin)
    .refine((vin) => vin.length === VIN_LENGTH, `A VIN is decoded only when it is exactly ${VIN_LENGTH} characters.`),
  color: z.string().max(40).optional(),
})

/** decode-vin (SPEC.md section 7) and the vehicle images it points to; any signed-in person. */
export function vehicleRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireSignedIn)
    .post('/decode-vin', validate('json', decodeVinBody), async (c) => {
      const { vin, color } = c.req.valid('json')
      return c.json(await decodeVin(deps, vin, color))
    })
    .get('/images/:file', (c) => {
      const shape = c.req.param('file').replace(/\.svg$/, '')
      if (!isVehicleShape(shape)) throw notFound('No such vehicle image.')
      c.header('Content-Type', 'image/svg+xml; charset=utf-8')
      c.header('Cache-Control', 'private, max-age=86400')
      return c.body(vehicleSilhouetteSvg(shape, paintForColor(c.req.query('color'))))
    })
}
