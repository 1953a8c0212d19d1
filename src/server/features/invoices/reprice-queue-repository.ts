import { type Kysely, sql, type Transaction } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

// Drafts waiting to be priced again (migration 040's invoice_reprice_queue): a client's rate card
// changed, or an RDN case's client did (a trigger queues those).

/**
 * Queues every unsent draft of a client: the invoice's own client, or its case's as it is now (an
 * RDN case drafted before its client was known). One index range of the company's drafts.
 */
export function queueDraftsOfClient(
  db: Db,
  companyId: string,
  clientId: string,
  actor: { userId: string | null; profileId: string | null },
) {
  return sql`insert into invoice_reprice_queue (company_id, invoice_id, queued_by_user_id, queued_by_profile_id)
    select i.company_id, i.id, ${actor.userId}::uuid, ${actor.profileId}::uuid
    from invoices i
      left join orders o on o.id = i.order_id
      left join rdn_cases c on c.id = i.rdn_case_id
    where i.company_id = ${companyId} and i.status = 'draft'
      and (i.client_id = ${clientId} or o.client_id = ${clientId} or c.client_id = ${clientId})
    on conflict (company_id, invoice_id) do update set queued_by_user_id = excluded.queued_by_user_id,
      queued_by_profile_id = excluded.queued_by_profile_id, queued_at = excluded.queued_at`.execute(db)
}

/** How many of a company's drafts wait to be priced again. */
export async function countQueuedReprices(db: Db, companyId: string) {
  const row = await db
    .selectFrom('invoice_reprice_queue')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** The companies with drafts waiting. */
export async function companiesWithReprices(db: Db) {
  const rows = await db.selectFrom('invoice_reprice_queue').select('company_id').distinct().execute()
  return rows.map((row) => row.company_id)
}

/** The company's oldest waiting draft, locked (another instance takes the next one). */
export function takeQueuedReprice(trx: Transaction<DB>, companyId: string) {
  return trx
    .selectFrom('invoice_reprice_queue')
    .select(['invoice_id', 'queued_by_user_id', 'queued_by_profile_id'])
    .where('company_id', '=', companyId)
    .orderBy('queued_at')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst()
}

export function dequeueReprice(trx: Transaction<DB>, companyId: string, invoiceId: string) {
  return trx
    .deleteFrom('invoice_reprice_queue')
    .where('company_id', '=', companyId)
    .where('invoice_id', '=', invoiceId)
    .execute()
}
