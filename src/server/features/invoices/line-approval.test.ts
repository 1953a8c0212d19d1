import { describe, expect, it } from 'vitest'
import { type InvoiceTestKit, setUpInvoiceKit } from './invoice-test-helpers'

// Issue 41 item 3: a line shows one approval state, its fee request's; 'Approval needed' only for a
// rate that needs approval with no request behind it.

const kitOf = setUpInvoiceKit()
const api = (...args: Parameters<InvoiceTestKit['api']>) => kitOf().api(...args)

type Line = { fee_name: string; approval: { state: string; label: string } | null; needs_approval: boolean }
const approvals = (lines: Line[]) => lines.map((line) => [line.fee_name, line.approval?.label ?? null])

describe("an invoice line's approval (issue 41)", () => {
  it("shows 'Approved' on a line whose fee request was approved, never 'Approval needed' beside it", async () => {
    const orderId = await kitOf().repossessedOrder('INV-T-APPROVAL')
    const invoice = await kitOf().invoiceOfOrder(orderId)
    const made = await api('POST', '/fee-requests', {
      orderId,
      feeType: 'Condition Report and Photos',
      amountCents: 4_500,
    })
    expect(made.status, JSON.stringify(made.json)).toBe(201)
    expect((await api('POST', `/fee-requests/${made.json.id}/status`, { status: 'requested' })).status).toBe(200)
    expect((await api('POST', `/fee-requests/${made.json.id}/status`, { status: 'approved' })).status).toBe(200)

    const lines: Line[] = (await api('GET', `/${invoice.id}`)).json.invoice.lines
    expect(approvals(lines)).toEqual([
      ['Involuntary Repossession', null],
      ['Storage', null],
      ['Condition Report and Photos', 'Approved'],
    ])
    expect(lines.find((line) => line.fee_name === 'Condition Report and Photos')?.needs_approval).toBe(false)
  })

  it('keeps the state through a reprice', async () => {
    const orderId = await kitOf().repossessedOrder('INV-T-APPROVAL-2')
    const invoice = await kitOf().invoiceOfOrder(orderId)
    const made = await api('POST', '/fee-requests', { orderId, feeType: 'Keys', amountCents: 7_500 })
    await api('POST', `/fee-requests/${made.json.id}/status`, { status: 'requested' })
    await api('POST', `/fee-requests/${made.json.id}/status`, { status: 'approved' })
    const repriced = await api('POST', `/${invoice.id}/reprice`)
    expect(repriced.status, JSON.stringify(repriced.json)).toBe(200)
    const keys = (repriced.json.invoice.lines as Line[]).filter((line) => line.fee_name === 'Keys')
    expect(keys.map((line) => line.approval?.label ?? null)).toEqual(['Approved'])
  })
})
