import { Hono } from 'hono'
import { sql } from 'kysely'
import { z } from 'zod'
import type { AppDeps, AppEnv, Viewer } from '../../app-env'
import { requireScreen, requireViewer } from '../../auth/viewer'
import { AppError, notFound } from '../../http/app-error'
import { idempotent } from '../../http/idempotency'
import { uuidParam } from '../../http/uuid-param'
import { validate } from '../../http/validate'
import { recordAudit } from '../../records/audit'

const codeText = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_]{1,60}$/, 'Use letters, digits and underscores, e.g. CLOSE_FEE_APPROVED.')
const subStatusBody = z.object({
  code: codeText,
  description: z.string().trim().min(1, 'Enter a description.').max(200),
  active: z.boolean().optional(),
})

async function list({ db }: AppDeps, viewer: Viewer) {
  return db
    .selectFrom('sub_statuses as status')
    .select([
      'status.id',
      'status.code',
      'status.description',
      'status.active',
      (eb) =>
        eb
          .selectFrom('order_sub_statuses as link')
          .select((count) => count.fn.countAll<string>().as('count'))
          .whereRef('link.company_id', '=', 'status.company_id')
          .whereRef('link.sub_status_code', '=', 'status.code')
          .where('link.active', '=', true)
          .as('order_count'),
    ])
    .where('status.company_id', '=', viewer.companyId)
    .orderBy('status.active', 'desc')
    .orderBy('status.code')
    .execute()
}

async function assertCodeFree({ db }: AppDeps, viewer: Viewer, code: string, exceptId?: string) {
  let query = db
    .selectFrom('sub_statuses')
    .select('id')
    .where('company_id', '=', viewer.companyId)
    .where(sql`upper(code)`, '=', code)
  if (exceptId) query = query.where('id', '!=', exceptId)
  if (await query.executeTakeFirst()) throw new AppError('conflict', `The code ${code} is already used.`, 'code')
}

/**
 * Sub-statuses (admin and manager, the configuration roles; shown beside Client Management):
 * code, description, active. The import looks them up and fee requests read their codes, so a
 * code is fixed once created; its description and active flag can change.
 */
export function subStatusRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireScreen(deps.db, 'Client Management'))
    .get('/', async (c) => {
      const rows = await list(deps, requireViewer(c))
      return c.json({ subStatuses: rows.map((row) => ({ ...row, order_count: Number(row.order_count ?? 0) })) })
    })
    .post('/', idempotent(deps), validate('json', subStatusBody), async (c) => {
      const viewer = requireViewer(c)
      const input = c.req.valid('json')
      await assertCodeFree(deps, viewer, input.code)
      const created = await deps.db
        .insertInto('sub_statuses')
        .values({
          company_id: viewer.companyId,
          code: input.code,
          description: input.description,
          active: input.active ?? true,
        })
        .returning(['id', 'code'])
        .executeTakeFirstOrThrow()
      await recordAudit(deps.db, {
        action: 'sub_status.created',
        companyId: viewer.companyId,
        actorUserId: viewer.userId,
        target: `sub_status:${created.code}`,
        ip: c.get('clientIp'),
      })
      return c.json({ subStatus: created }, 201)
    })
    .patch(
      '/:id',
      validate(
        'json',
        z
          .object({ description: subStatusBody.shape.description.optional(), active: z.boolean().optional() })
          .refine((change) => change.description !== undefined || change.active !== undefined, 'Nothing to change.'),
      ),
      async (c) => {
        const viewer = requireViewer(c)
        const id = uuidParam(c.req.param('id'), 'No such sub-status.')
        const input = c.req.valid('json')
        const updated = await deps.db
          .updateTable('sub_statuses')
          .set({
            ...(input.description === undefined ? {} : { description: input.description }),
            ...(input.active === undefined ? {} : { active: input.active }),
          })
          .where('company_id', '=', viewer.companyId)
          .where('id', '=', id)
          .returning(['id', 'code', 'description', 'active'])
          .executeTakeFirst()
        if (!updated) throw notFound('No such sub-status.')
        await recordAudit(deps.db, {
          action: 'sub_status.updated',
          companyId: viewer.companyId,
          actorUserId: viewer.userId,
          target: `sub_status:${updated.code}`,
          ip: c.get('clientIp'),
        })
        return c.json({ subStatus: updated })
      },
    )
}
