import { Hono } from 'hono'
import { z } from 'zod'
import {
  appointmentSchema,
  appointmentStatusSchema,
  handOverSchema,
  propertyDisposalSchema,
  propertyNoticeSchema,
  propertyReleaseSchema,
  propertyRuleSchema,
  STATE_CODE,
} from '../../../domain/property/redemption'
import { releaseSignerSchema } from '../../../domain/redemption/release'
import type { AppDeps, AppEnv } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { badRequest } from '../../http/app-error'
import { idempotent } from '../../http/idempotency'
import { uuidParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { pdfResponse } from '../../lib/pdf-writer'
import { bookAppointment, setAppointmentStatus } from './appointment-service'
import { disposeProperty } from './disposal-service'
import { noticeLetter, recordNotice } from './notice-service'
import { APPOINTMENT_NOT_FOUND, INVENTORY_NOT_FOUND, PROPERTY_RELEASE_NOT_FOUND } from './records'
import {
  cancelPropertyRelease,
  completePropertyRelease,
  resendPropertyRelease,
  startPropertyRelease,
} from './release-service'
import { clearPropertyRule, propertyRules, setPropertyRule, setPropertySettings } from './rules-service'

const inventoryId = (value: string) => uuidParam(value, INVENTORY_NOT_FOUND)
const releaseId = (value: string) => uuidParam(value, PROPERTY_RELEASE_NOT_FOUND)
const stateParam = (value: string) => {
  const state = value.toUpperCase()
  if (!STATE_CODE.test(state)) throw badRequest('A state is its two-letter code, like CA.', 'state')
  return state
}
const settingsBody = z
  .object({
    contact: z
      .string()
      .trim()
      .max(200, 'At most 200 characters.')
      .nullish()
      .transform((value) => value || null)
      .optional(),
    requireTwoPersonInventory: z.boolean({ error: 'Say yes or no.' }).optional(),
  })
  .refine((input) => input.contact !== undefined || input.requireTwoPersonInventory !== undefined, {
    message: 'Change the contact or the two-person rule.',
  })

/**
 * After the inventory (issue 20): notices, pickups, releases against a signed release and an ID,
 * disposal, and the company's hold rules. Giving back, disposing of and the rules belong to the
 * post-recovery people and management; the lot books pickups and reads.
 */
export function propertyRedemptionRoutes(deps: AppDeps) {
  const releasing = requireScreen(deps.db, ['Property Redemptions', 'Management Dashboard'])
  return new Hono<AppEnv>()
    .get('/rules', async (c) => c.json(await propertyRules(deps, requireViewer(c))))
    .put('/rules/:state', releasing, validate('json', propertyRuleSchema), async (c) =>
      c.json(
        await setPropertyRule(
          deps,
          requireViewer(c),
          stateParam(c.req.param('state')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
      ),
    )
    .delete('/rules/:state', releasing, async (c) =>
      c.json(await clearPropertyRule(deps, requireViewer(c), stateParam(c.req.param('state')), c.get('clientIp'))),
    )
    .put('/settings', releasing, validate('json', settingsBody), async (c) =>
      c.json(await setPropertySettings(deps, requireViewer(c), c.req.valid('json'), c.get('clientIp'))),
    )
    .get('/inventories/:inventoryId/notice-letter.pdf', releasing, async (c) => {
      const letter = await noticeLetter(deps, requireViewer(c), inventoryId(c.req.param('inventoryId')))
      return pdfResponse(letter.bytes, letter.fileName)
    })
    .post(
      '/inventories/:inventoryId/notices',
      releasing,
      idempotent(deps),
      validate('json', propertyNoticeSchema),
      async (c) =>
        c.json(
          await recordNotice(
            deps,
            requireViewer(c),
            inventoryId(c.req.param('inventoryId')),
            c.req.valid('json'),
            c.get('clientIp'),
          ),
          201,
        ),
    )
    .post('/inventories/:inventoryId/appointments', idempotent(deps), validate('json', appointmentSchema), async (c) =>
      c.json(
        await bookAppointment(
          deps,
          requireViewer(c),
          inventoryId(c.req.param('inventoryId')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
        201,
      ),
    )
    .post(
      '/appointments/:appointmentId/status',
      idempotent(deps),
      validate('json', appointmentStatusSchema),
      async (c) =>
        c.json(
          await setAppointmentStatus(
            deps,
            requireViewer(c),
            uuidParam(c.req.param('appointmentId'), APPOINTMENT_NOT_FOUND),
            c.req.valid('json').status,
            c.get('clientIp'),
          ),
        ),
    )
    .post(
      '/inventories/:inventoryId/releases',
      releasing,
      idempotent(deps, { withhold: ['link'] }),
      validate('json', propertyReleaseSchema),
      async (c) =>
        c.json(
          await startPropertyRelease(
            deps,
            requireViewer(c),
            inventoryId(c.req.param('inventoryId')),
            c.req.valid('json'),
            c.get('clientIp'),
          ),
          201,
        ),
    )
    .post(
      '/releases/:releaseId/signature',
      releasing,
      idempotent(deps, { withhold: ['link'] }),
      validate('json', releaseSignerSchema),
      async (c) =>
        c.json(
          await resendPropertyRelease(
            deps,
            requireViewer(c),
            releaseId(c.req.param('releaseId')),
            c.req.valid('json'),
            c.get('clientIp'),
          ),
          201,
        ),
    )
    .post('/releases/:releaseId/complete', releasing, idempotent(deps), validate('json', handOverSchema), async (c) =>
      c.json(
        await completePropertyRelease(
          deps,
          requireViewer(c),
          releaseId(c.req.param('releaseId')),
          c.req.valid('json'),
          c.get('clientIp'),
        ),
      ),
    )
    .post('/releases/:releaseId/cancel', releasing, idempotent(deps), async (c) =>
      c.json(
        await cancelPropertyRelease(deps, requireViewer(c), releaseId(c.req.param('releaseId')), c.get('clientIp')),
      ),
    )
    .post(
      '/inventories/:inventoryId/disposals',
      releasing,
      idempotent(deps),
      validate('json', propertyDisposalSchema),
      async (c) =>
        c.json(
          await disposeProperty(
            deps,
            requireViewer(c),
            inventoryId(c.req.param('inventoryId')),
            c.req.valid('json'),
            c.get('clientIp'),
          ),
          201,
        ),
    )
}
