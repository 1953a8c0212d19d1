import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

/** The case key ('order:<id>' or 'rdn:<id>') of a company's order or RDN case number; null when none. */
export async function caseKeyOf(db: Kysely<DB>, companyId: string, target: { orderId: string } | { caseId: number }) {
  if ('orderId' in target) {
    const row = await db
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '=', target.orderId)
      .executeTakeFirst()
    return row ? `order:${row.id}` : null
  }
  const row = await db
    .selectFrom('rdn_cases')
    .select('id')
    .where('company_id', '=', companyId)
    .where('case_id', '=', target.caseId)
    .executeTakeFirst()
  return row ? `rdn:${row.id}` : null
}

/**
 * The case key of what a person typed: the company's order of that order number or case number (the
 * order detail's heading), else its RDN case of that case number (each read from its (company,
 * number) index); null when none.
 */
export async function caseKeyOfNumber(db: Kysely<DB>, companyId: string, caseNumber: string) {
  for (const column of ['order_number', 'case_number'] as const) {
    const order = await db
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', companyId)
      .where(column, '=', caseNumber)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
    if (order) return `order:${order.id}`
  }
  const rdnCaseId = Number(caseNumber)
  if (!/^\d{1,10}$/.test(caseNumber) || rdnCaseId > 2_147_483_647) return null
  return caseKeyOf(db, companyId, { caseId: rdnCaseId })
}

/** The number a person reads for each case key of a page ('order:<id>' -> order number, 'rdn:<id>' -> case id). */
export async function caseNumbersOf(db: Kysely<DB>, companyId: string, caseKeys: string[]) {
  const ids = (prefix: string) => [
    ...new Set(caseKeys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length))),
  ]
  const uuid = /^[0-9a-f-]{36}$/i
  const orderIds = ids('order:').filter((id) => uuid.test(id))
  const rdnIds = ids('rdn:').filter((id) => uuid.test(id))
  const [orders, rdnCases] = await Promise.all([
    orderIds.length
      ? db
          .selectFrom('orders')
          .select(['id', 'order_number'])
          .where('company_id', '=', companyId)
          .where('id', 'in', orderIds)
          .execute()
      : [],
    rdnIds.length
      ? db
          .selectFrom('rdn_cases')
          .select(['id', 'case_id'])
          .where('company_id', '=', companyId)
          .where('id', 'in', rdnIds)
          .execute()
      : [],
  ])
  return new Map<string, string>([
    ...orders.map((row) => [`order:${row.id}`, row.order_number] as [string, string]),
    ...rdnCases.map((row) => [`rdn:${row.id}`, String(row.case_id)] as [string, string]),
  ])
}

/** The auth user behind a company's profile; null when none. */
export async function userOfProfile(db: Kysely<DB>, companyId: string, profileId: string) {
  const row = await db
    .selectFrom('profiles')
    .select('user_id')
    .where('company_id', '=', companyId)
    .where('id', '=', profileId)
    .executeTakeFirst()
  return row?.user_id ?? null
}

type AuditEntriesFilter = { caseKey: string | null; userId: string | null; limit: number; offset: number }

/**
 * A page of the company's audit entries, newest first, of a case and/or a person, with who did
 * each. The page's entries are found first from an index alone (company, newest first: migration
 * 046; or the case's, or the person's), however deep the page, and only they are read and joined.
 */
export function auditEntriesQuery(db: Kysely<DB>, companyId: string, filter: AuditEntriesFilter) {
  return db
    .with('page', (qb) => {
      let page = qb.selectFrom('audit_log').select(['id', 'created_at']).where('company_id', '=', companyId)
      if (filter.caseKey) page = page.where('case_key', '=', filter.caseKey)
      if (filter.userId) page = page.where('actor_user_id', '=', filter.userId)
      return page.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.offset)
    })
    .selectFrom('page')
    .innerJoin('audit_log as a', 'a.id', 'page.id')
    .leftJoin('profiles as p', (join) =>
      join.onRef('p.user_id', '=', 'a.actor_user_id').on('p.company_id', '=', companyId),
    )
    .select([
      'a.id',
      'a.action',
      'a.target',
      'a.case_key',
      'a.detail',
      'a.ip',
      'a.created_at',
      'a.actor_user_id',
      'p.id as profile_id',
      'p.first_name',
      'p.last_name',
      'p.email',
    ])
    .orderBy('page.created_at', 'desc')
    .orderBy('page.id', 'desc')
}

export const listAuditEntries = (db: Kysely<DB>, companyId: string, filter: AuditEntriesFilter) =>
  auditEntriesQuery(db, companyId, filter).execute()
