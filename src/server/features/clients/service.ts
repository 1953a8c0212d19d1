import { generateClientCode } from '../../../domain/clients/client-code'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError, notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { clientsWithCounts } from './repository'

type ParsedClient = {
  name: string
  lienholderName: string | null
  displayName: string | null
  clientCode: string | null
  active?: boolean
  updateCadenceDays?: number
  releaseNeedsLenderAuthorization?: boolean
  handOverNeedsPayment?: boolean
  conditionPhotoSlots?: string[] | null
  billingAddress?: string | null
  paymentTermsDays?: number
}

/**
 * The company's clients with how many orders and RDN cases (by the client resolved on each) each has;
 * searched over name, lienholder, display name and code. Active first, then by name.
 */
export async function listClients({ db }: AppDeps, viewer: Viewer, query: { q?: string }) {
  const select = clientsWithCounts(db, viewer.companyId, query.q)
    .orderBy('client.active', 'desc')
    .orderBy('client.name')
  const rows = await select.limit(1000).execute()
  return rows.map((row) => ({
    ...row,
    order_count: Number(row.order_count ?? 0),
    case_count: Number(row.case_count ?? 0),
  }))
}

/** SPEC.md's code for a client, with '-2', '-3'... when the company already has it (as the import does). */
async function freeGeneratedCode(db: AppDeps['db'], companyId: string, name: string, lienholder: string | null) {
  const base = generateClientCode(name, lienholder)
  const rows = await db
    .selectFrom('clients')
    .select('client_code')
    .where('company_id', '=', companyId)
    .where('client_code', 'like', `${base.slice(0, 14)}%`)
    .execute()
  const taken = new Set(rows.map((row) => row.client_code))
  let code = base
  for (let suffix = 2; taken.has(code); suffix++) code = `${base.slice(0, 20 - String(suffix).length - 1)}-${suffix}`
  return code
}

async function assertCodeFree(db: AppDeps['db'], companyId: string, code: string, exceptId?: string) {
  let query = db.selectFrom('clients').select('id').where('company_id', '=', companyId).where('client_code', '=', code)
  if (exceptId) query = query.where('id', '!=', exceptId)
  if (await query.executeTakeFirst()) {
    throw new AppError('conflict', `Another client already has the code ${code}.`, 'clientCode')
  }
}

/** The after-recovery (issue 20), billing and hand-over (issue 41) settings given: each absent one is left as it is. */
const after = (input: ParsedClient) => ({
  ...(input.billingAddress === undefined ? {} : { billing_address: input.billingAddress }),
  ...(input.paymentTermsDays === undefined ? {} : { payment_terms_days: input.paymentTermsDays }),
  ...(input.releaseNeedsLenderAuthorization === undefined
    ? {}
    : { release_needs_lender_authorization: input.releaseNeedsLenderAuthorization }),
  ...(input.handOverNeedsPayment === undefined ? {} : { hand_over_needs_payment: input.handOverNeedsPayment }),
  ...(input.conditionPhotoSlots === undefined ? {} : { condition_photo_slots: input.conditionPhotoSlots }),
})

export async function createClient(deps: AppDeps, viewer: Viewer, input: ParsedClient, ip: string) {
  const code =
    input.clientCode ?? (await freeGeneratedCode(deps.db, viewer.companyId, input.name, input.lienholderName))
  await assertCodeFree(deps.db, viewer.companyId, code)
  const client = await deps.db
    .insertInto('clients')
    .values({
      company_id: viewer.companyId,
      name: input.name,
      lienholder_name: input.lienholderName,
      display_name: input.displayName,
      client_code: code,
      active: input.active ?? true,
      ...(input.updateCadenceDays === undefined ? {} : { update_cadence_days: input.updateCadenceDays }),
      ...after(input),
    })
    .returning(['id', 'client_code'])
    .executeTakeFirstOrThrow()
  await recordAudit(deps.db, {
    action: 'client.created',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: `client:${client.id}`,
    ip,
  })
  return client
}

export async function updateClient(deps: AppDeps, viewer: Viewer, clientId: string, input: ParsedClient, ip: string) {
  const existing = await deps.db
    .selectFrom('clients')
    .select(['id', 'client_code'])
    .where('company_id', '=', viewer.companyId)
    .where('id', '=', clientId)
    .executeTakeFirst()
  if (!existing) throw notFound('No such client.')
  const code = input.clientCode ?? existing.client_code
  await assertCodeFree(deps.db, viewer.companyId, code, clientId)
  await deps.db
    .updateTable('clients')
    .set({
      name: input.name,
      lienholder_name: input.lienholderName,
      display_name: input.displayName,
      client_code: code,
      ...(input.active === undefined ? {} : { active: input.active }),
      ...(input.updateCadenceDays === undefined ? {} : { update_cadence_days: input.updateCadenceDays }),
      ...after(input),
      updated_at: new Date(),
    })
    .where('company_id', '=', viewer.companyId)
    .where('id', '=', clientId)
    .execute()
  await recordAudit(deps.db, {
    action: input.active === false ? 'client.deactivated' : 'client.updated',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: `client:${clientId}`,
    ip,
  })
  return { id: clientId, client_code: code }
}
