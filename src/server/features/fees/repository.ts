import type { Kysely, Selectable, Transaction } from 'kysely'
import type { RateCardVersion, RateRow } from '../../../domain/billing/pricing'
import type { RateCardVersionInput } from '../../../domain/billing/rate-card-input'
import type { DB } from '../../db/schema'
import type { RateRowsTable } from '../../db/schema/billing'

type Db = Kysely<DB> | Transaction<DB>

/** The company's rate cards with their client's name, how many versions each has and the newest's first day. */
export function listRateCards(db: Db, companyId: string) {
  return db
    .selectFrom('rate_cards as card')
    .innerJoin('clients as client', (join) =>
      join.onRef('client.id', '=', 'card.client_id').onRef('client.company_id', '=', 'card.company_id'),
    )
    .select((eb) => [
      'card.id',
      'card.client_id',
      'client.name as client_name',
      'client.client_code',
      'card.lienholder_name',
      'card.updated_at',
      eb
        .selectFrom('rate_card_versions as version')
        .select((count) => count.fn.countAll<number>().as('count'))
        .whereRef('version.rate_card_id', '=', 'card.id')
        .as('version_count'),
    ])
    .where('card.company_id', '=', companyId)
    .orderBy('client.name')
    .orderBy('card.lienholder_name', (order) => order.asc().nullsFirst())
    .execute()
}

export function findRateCard(db: Db, companyId: string, cardId: string) {
  return db
    .selectFrom('rate_cards as card')
    .innerJoin('clients as client', (join) =>
      join.onRef('client.id', '=', 'card.client_id').onRef('client.company_id', '=', 'card.company_id'),
    )
    .select(['card.id', 'card.client_id', 'client.name as client_name', 'card.lienholder_name'])
    .where('card.company_id', '=', companyId)
    .where('card.id', '=', cardId)
    .executeTakeFirst()
}

/** Locks a card for a version change: two people adding versions at once take turns. */
export function lockRateCard(db: Transaction<DB>, companyId: string, cardId: string) {
  return db
    .selectFrom('rate_cards')
    .select(['id', 'client_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', cardId)
    .forUpdate()
    .executeTakeFirst()
}

export function findClientOfCompany(db: Db, companyId: string, clientId: string) {
  return db
    .selectFrom('clients')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('id', '=', clientId)
    .executeTakeFirst()
}

export function findCardOfClient(db: Db, companyId: string, clientId: string, lienholder: string | null) {
  return db
    .selectFrom('rate_cards')
    .select(['id', 'lienholder_name'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where((eb) =>
      lienholder === null
        ? eb('lienholder_name', 'is', null)
        : eb(eb.fn('lower', ['lienholder_name']), '=', lienholder.toLowerCase()),
    )
    .executeTakeFirst()
}

export function insertRateCard(db: Db, card: { companyId: string; clientId: string; lienholderName: string | null }) {
  return db
    .insertInto('rate_cards')
    .values({ company_id: card.companyId, client_id: card.clientId, lienholder_name: card.lienholderName })
    .returning(['id'])
    .executeTakeFirstOrThrow()
}

/** A card's versions, oldest first, each with its rows, as the pricing reads them. */
export async function loadVersions(db: Db, companyId: string, cardId: string): Promise<StoredVersion[]> {
  const versions = await db
    .selectFrom('rate_card_versions')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('rate_card_id', '=', cardId)
    .orderBy('version')
    .execute()
  if (versions.length === 0) return []
  const rows = await db
    .selectFrom('rate_rows')
    .selectAll()
    .where('company_id', '=', companyId)
    .where(
      'version_id',
      'in',
      versions.map((version) => version.id),
    )
    .orderBy('fee_type')
    .orderBy('order_type', (order) => order.asc().nullsFirst())
    .execute()
  return versions.map((version) => ({
    id: version.id,
    version: version.version,
    effectiveFrom: version.effective_from,
    effectiveTo: version.effective_to,
    createdAt: version.created_at,
    storage:
      version.storage_free_days === null || version.storage_daily_cents === null
        ? null
        : {
            freeDays: version.storage_free_days,
            dailyCents: Number(version.storage_daily_cents),
            capCents: version.storage_cap_cents === null ? null : Number(version.storage_cap_cents),
          },
    rows: rows.filter((row) => row.version_id === version.id).map(toRateRow),
  }))
}

export type StoredVersion = RateCardVersion & { id: string; createdAt: Date }

const toRateRow = (row: Selectable<RateRowsTable>): RateRow => ({
  feeType: row.fee_type,
  orderType: row.order_type,
  basis: row.basis,
  amountCents: Number(row.amount_cents),
  includedMiles: Number(row.included_miles),
  marketAmounts: row.market_amounts,
  minCents: row.min_cents === null ? null : Number(row.min_cents),
  maxCents: row.max_cents === null ? null : Number(row.max_cents),
  needsApproval: row.needs_approval,
  billableToDebtor: row.billable_to_debtor,
  noPassOnStates: row.no_pass_on_states,
  daysToInvoice: row.days_to_invoice === null ? null : Number(row.days_to_invoice),
})

/** Ends an open version the day before a new one begins. */
export function closeVersion(db: Transaction<DB>, versionId: string, lastDay: string) {
  return db.updateTable('rate_card_versions').set({ effective_to: lastDay }).where('id', '=', versionId).execute()
}

export async function insertVersion(
  db: Transaction<DB>,
  scope: { companyId: string; cardId: string; version: number; profileId: string },
  input: RateCardVersionInput,
) {
  const version = await db
    .insertInto('rate_card_versions')
    .values({
      company_id: scope.companyId,
      rate_card_id: scope.cardId,
      version: scope.version,
      effective_from: input.effectiveFrom,
      effective_to: input.effectiveTo,
      storage_free_days: input.storage?.freeDays ?? null,
      storage_daily_cents: input.storage?.dailyCents ?? null,
      storage_cap_cents: input.storage?.capCents ?? null,
      created_by_profile_id: scope.profileId,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('rate_rows')
    .values(
      input.rows.map((row) => ({
        company_id: scope.companyId,
        version_id: version.id,
        fee_type: row.feeType,
        order_type: row.orderType,
        basis: row.basis,
        amount_cents: row.amountCents,
        included_miles: row.includedMiles,
        market_amounts: JSON.stringify(row.marketAmounts),
        min_cents: row.minCents,
        max_cents: row.maxCents,
        needs_approval: row.needsApproval,
        billable_to_debtor: row.billableToDebtor,
        no_pass_on_states: row.noPassOnStates,
        days_to_invoice: row.daysToInvoice,
      })),
    )
    .execute()
  await db.updateTable('rate_cards').set({ updated_at: new Date() }).where('id', '=', scope.cardId).execute()
  return version.id
}

/** What pricing reads of an order: client, lienholder, repossession, place, and its sub-status links. */
export async function findOrderToPrice(db: Db, companyId: string, orderId: string) {
  const order = await db
    .selectFrom('orders')
    .select([
      'id',
      'case_number',
      'client_id',
      'lienholder_name',
      'status',
      'repo_type',
      'repossessed_at',
      'detected_market',
      'recovery_state',
      'borrower_state',
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', orderId)
    .executeTakeFirst()
  if (!order) return null
  const sub_statuses = order.case_number
    ? await db
        .selectFrom('order_sub_statuses')
        .select(['sub_status_code', 'assigned_at', 'active'])
        .where('company_id', '=', companyId)
        .where('case_number', '=', order.case_number)
        .where('active', '=', true)
        .execute()
    : []
  return { ...order, sub_statuses }
}

/** What pricing reads of an RDN case, with the client its lender (else lienholder) name is. */
export function findRdnCaseToPrice(db: Db, companyId: string, caseId: number) {
  return db
    .selectFrom('rdn_cases as c')
    .select([
      'c.id',
      'c.lender_name',
      'c.lienholder_name',
      'c.order_type',
      'c.status',
      'c.time_marked_repossessed',
      'c.detected_market',
      'c.recovery_state',
      'c.debtor_state',
      'c.substatus',
      'c.updated_at',
      'c.client_id',
    ])
    .where('c.company_id', '=', companyId)
    .where('c.case_id', '=', caseId)
    .executeTakeFirst()
}
