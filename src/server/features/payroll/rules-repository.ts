import type { Kysely, Transaction } from 'kysely'
import type { PayRuleInput } from '../../../domain/payroll/inputs'
import type { PayRule } from '../../../domain/payroll/rules'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

const COLUMNS = [
  'id',
  'kind',
  'role',
  'profile_id',
  'order_type',
  'client_id',
  'basis',
  'rate',
  'tier_after',
  'tier_rate',
  'finder_share_bp',
  'partner_share_bp',
  'excluded_fee_types',
  'holdback',
  'effective_from',
  'effective_to',
  'created_at',
] as const

export async function ruleRows(db: Db, companyId: string) {
  return db
    .selectFrom('pay_rules')
    .select([...COLUMNS])
    .where('company_id', '=', companyId)
    .orderBy('kind')
    .orderBy('effective_from', 'desc')
    .orderBy('created_at', 'desc')
    .execute()
}

type RuleRow = Awaited<ReturnType<typeof ruleRows>>[number]

export const toRule = (row: RuleRow): PayRule => ({
  id: row.id,
  kind: row.kind,
  role: row.role,
  profileId: row.profile_id,
  orderType: row.order_type,
  clientId: row.client_id,
  basis: row.basis,
  rate: Number(row.rate),
  tierAfter: row.tier_after,
  tierRate: row.tier_rate === null ? null : Number(row.tier_rate),
  finderShareBp: row.finder_share_bp,
  partnerShareBp: row.partner_share_bp,
  excludedFeeTypes: row.excluded_fee_types,
  holdback: row.holdback,
  effectiveFrom: row.effective_from,
  effectiveTo: row.effective_to,
})

export async function loadRules(db: Db, companyId: string): Promise<PayRule[]> {
  return (await ruleRows(db, companyId)).map(toRule)
}

export async function insertRule(db: Db, companyId: string, input: PayRuleInput, profileId: string) {
  return db
    .insertInto('pay_rules')
    .values({
      company_id: companyId,
      kind: input.kind,
      role: input.role,
      profile_id: input.profileId,
      order_type: input.orderType,
      client_id: input.clientId,
      basis: input.basis,
      rate: input.rate,
      tier_after: input.tierAfter,
      tier_rate: input.tierRate,
      finder_share_bp: input.finderShareBp,
      partner_share_bp: input.partnerShareBp,
      excluded_fee_types: input.excludedFeeTypes,
      holdback: input.holdback,
      effective_from: input.effectiveFrom,
      effective_to: input.effectiveTo,
      created_by_profile_id: profileId,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
}

export async function setRuleEnd(db: Db, companyId: string, ruleId: string, effectiveTo: string) {
  await db
    .updateTable('pay_rules')
    .set({ effective_to: effectiveTo })
    .where('company_id', '=', companyId)
    .where('id', '=', ruleId)
    .execute()
}
