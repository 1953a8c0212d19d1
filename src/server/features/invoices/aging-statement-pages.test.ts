import { describe, expect, it } from 'vitest'
import { STATEMENT_PAGE_SIZE } from './aging-service'
import { daysAgo, setUpInvoiceKit } from './invoice-test-helpers'

// Issue 42: a client's statement on the screen is a page of its open invoices at a time (a client
// with 8,700 open invoices answered 266 KB in 200+ ms), with what it owes on all of them summed by
// the database; the PDF still lists every one.

const kitOf = setUpInvoiceKit()

type Line = { number: string; balance_cents: number; sent_on: string }

describe("a client's statement a page at a time (issue 42)", () => {
  it('lists a page of open invoices oldest sent first, reaches the rest page by page, and totals them all', async () => {
    const { t, clientId, api } = kitOf()
    const open = STATEMENT_PAGE_SIZE * 2 + 7
    await t.db
      .insertInto('invoices')
      .values([
        ...Array.from({ length: open }, (_, index) => ({
          company_id: t.companyId,
          number: `INV-AGE-${String(index).padStart(4, '0')}`,
          case_key: `order:aging-${index}`,
          client_id: clientId,
          status: (['sent', 'lender_pending', 'on_hold', 'approved'] as const)[index % 4],
          case_label: `AGE-${index}`,
          sent_on: daysAgo(index % 9),
          billed_cents: 10_000 + index,
          paid_cents: index % 3 === 0 ? 2_500 : 0,
        })),
        // Neither paid invoices nor another client's are on the statement.
        {
          company_id: t.companyId,
          number: 'INV-AGE-PAID',
          case_key: 'order:aging-paid',
          client_id: clientId,
          status: 'paid' as const,
          case_label: 'AGE-PAID',
          sent_on: daysAgo(3),
          billed_cents: 5_000,
          paid_cents: 5_000,
        },
        {
          company_id: t.companyId,
          number: 'INV-AGE-OTHER',
          case_key: 'order:aging-other',
          client_id: null,
          status: 'sent' as const,
          case_label: 'AGE-OTHER',
          sent_on: daysAgo(3),
          billed_cents: 7_000,
        },
      ])
      .execute()

    const first = await api('GET', `/aging/${clientId}`)
    expect(first.status, JSON.stringify(first.json)).toBe(200)
    expect(first.json.invoices).toHaveLength(STATEMENT_PAGE_SIZE)
    expect(first.json).toMatchObject({ page: 1, hasMore: true, invoiceCount: open })

    const lines: Line[] = [...first.json.invoices]
    let page = first.json
    while (page.hasMore) {
      page = (await api('GET', `/aging/${clientId}?page=${page.page + 1}`)).json
      expect(page.totalCents).toBe(first.json.totalCents)
      lines.push(...page.invoices)
    }
    expect(page.page).toBe(3)
    expect(page.invoices).toHaveLength(7)

    // Every open invoice once, in the statement's order, and the total is the whole, not a page.
    const whole = await t.db
      .selectFrom('invoices')
      .select(['number', 'billed_cents', 'paid_cents'])
      .where('client_id', '=', clientId)
      .where('status', 'in', ['sent', 'lender_pending', 'on_hold', 'approved'])
      .orderBy('sent_on')
      .orderBy('number')
      .execute()
    expect(lines.map((line) => line.number)).toEqual(whole.map((row) => row.number))
    const owed = whole.reduce((sum, row) => sum + Number(row.billed_cents) - Number(row.paid_cents), 0)
    expect(first.json.totalCents).toBe(owed)
    expect(lines.reduce((sum, line) => sum + line.balance_cents, 0)).toBe(owed)
    expect((await api('GET', `/aging/${clientId}?page=0`)).status).toBe(400)
  })
})
