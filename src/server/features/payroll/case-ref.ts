import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { badRequest } from '../../http/app-error'

type Db = Kysely<DB> | Transaction<DB>

export type CaseRef = { orderId: string | null; rdnCaseId: string | null; label: string | null }

/** The company's case a form names (an order's id or an RDN case's number), else a 400. */
export async function resolveCase(
  db: Db,
  companyId: string,
  input: { orderId: string | null; caseId: number | null },
): Promise<CaseRef> {
  if (input.orderId) {
    const order = await db
      .selectFrom('orders')
      .select(['id', 'order_number', 'case_number'])
      .where('id', '=', input.orderId)
      .where('company_id', '=', companyId)
      .executeTakeFirst()
    if (!order) throw badRequest('That order is not one of your company’s.', 'orderId')
    return { orderId: order.id, rdnCaseId: null, label: order.order_number ?? order.case_number }
  }
  if (input.caseId !== null) {
    const rdnCase = await db
      .selectFrom('rdn_cases')
      .select(['id', 'case_id', 'case_number'])
      .where('case_id', '=', input.caseId)
      .where('company_id', '=', companyId)
      .executeTakeFirst()
    if (!rdnCase) throw badRequest('That RDN case is not one of your company’s.', 'caseId')
    return { orderId: null, rdnCaseId: rdnCase.id, label: rdnCase.case_number ?? String(rdnCase.case_id) }
  }
  return { orderId: null, rdnCaseId: null, label: null }
}
