import { type Kysely, sql } from 'kysely'

/**
 * The audit log's pages (issue 41; `npm run bench:audit-log`, 2,100,000 entries over 1,000,000
 * cases): a company's entries newest first, ties by id, in one index, so a page finds its entries
 * from the index alone however deep (page 2,000: 869 ms -> 31 ms) and only they are read. It
 * replaces the (company, created_at) index, whose reads it serves as well.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index audit_log_company_page_idx on audit_log (company_id, created_at desc, id desc)`.execute(db)
  await sql`drop index audit_log_company_created_idx`.execute(db)
}
