import type { Transaction } from 'kysely'
import type { DraftLine } from '../../../domain/billing/draft-plan'
import type { DB } from '../../db/schema'
import { nextLinePosition } from './fee-request-repository'
import { insertLines, updateInvoice } from './repository'

/** Lines added to a draft (approved fees): after its own, its total raised, each request tied to it. */
export async function appendLines(
  trx: Transaction<DB>,
  companyId: string,
  draft: { id: string; billed_cents: number | string },
  lines: DraftLine[],
) {
  if (lines.length === 0) return
  const first = await nextLinePosition(trx, draft.id)
  await insertLines(
    trx,
    lines.map((line, index) => ({
      company_id: companyId,
      invoice_id: draft.id,
      position: first + index,
      kind: line.kind,
      fee_type: line.feeType,
      quantity: line.quantity,
      unit_cents: line.unitCents,
      billed_cents: line.amountCents,
      needs_approval: line.needsApproval,
      debtor_billable: line.debtorBillable,
      unpriced: line.unpriced,
      fee_request_id: line.feeRequestId,
    })),
  )
  await updateInvoice(trx, draft.id, {
    billed_cents: Number(draft.billed_cents) + lines.reduce((sum, line) => sum + line.amountCents, 0),
  })
  const requestIds = lines.flatMap((line) => (line.feeRequestId ? [line.feeRequestId] : []))
  if (requestIds.length > 0) {
    await trx.updateTable('fee_requests').set({ invoice_id: draft.id }).where('id', 'in', requestIds).execute()
  }
}
