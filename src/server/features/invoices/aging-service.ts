import { AGING_BUCKETS, agingBucket } from '../../../domain/billing/aging'
import { INVOICE_STATUS_LABELS } from '../../../domain/billing/invoice-status'
import { agencyToday } from '../../../domain/formats/agency-time'
import { daysBetween } from '../../../domain/formats/calendar-days'
import type { AppDeps, Viewer } from '../../app-env'
import { notFound } from '../../http/app-error'
import { agingByClient, clientNames, NO_CLIENT_KEY, openInvoicesOfClient, openTotalOfClient } from './aging-repository'

export const NO_CLIENT = 'No client'
export const CLIENT_NOT_FOUND = 'No such client.'

type Buckets = Record<(typeof AGING_BUCKETS)[number], number>

/** Receivables aging by client: what is owed on sent invoices, 0-30, 31-60, 61-90 and 90+ days since sent. */
export async function aging({ db }: AppDeps, viewer: Viewer, now = new Date()) {
  const rows = (await agingByClient(db, viewer.companyId, agencyToday(now))).map((row) => ({
    ...row,
    client_id: row.client_key === NO_CLIENT_KEY ? null : row.client_key,
  }))
  const names = new Map(
    (
      await clientNames(
        db,
        viewer.companyId,
        rows.flatMap((row) => (row.client_id ? [row.client_id] : [])),
      )
    ).map((client) => [client.id, client.name]),
  )
  const clients = rows
    .map((row) => ({
      clientId: row.client_id,
      clientName: row.client_id ? (names.get(row.client_id) ?? NO_CLIENT) : NO_CLIENT,
      buckets: {
        '0-30': Number(row.days_0_30),
        '31-60': Number(row.days_31_60),
        '61-90': Number(row.days_61_90),
        '90+': Number(row.days_90_plus),
      } satisfies Buckets,
      totalCents: Number(row.total),
      invoices: Number(row.invoices),
    }))
    .sort((a, b) => a.clientName.localeCompare(b.clientName))
  const totals = Object.fromEntries(
    AGING_BUCKETS.map((name) => [name, clients.reduce((sum, client) => sum + client.buckets[name], 0)]),
  ) as Buckets
  return { clients, totals, totalCents: clients.reduce((sum, client) => sum + client.totalCents, 0) }
}

/** Invoices a statement page lists on the screen (the PDF lists them all). */
export const STATEMENT_PAGE_SIZE = 50

type OpenInvoice = Awaited<ReturnType<typeof openInvoicesOfClient>>[number]

/** An open invoice as a statement lists it: its age, bucket and balance as of `now`. */
function statementLine(invoice: OpenInvoice, now: Date) {
  const days = invoice.sent_on ? daysBetween(invoice.sent_on, agencyToday(now)) : 0
  const billed = Number(invoice.billed_cents)
  const paid = Number(invoice.paid_cents)
  return {
    ...invoice,
    status_label: INVOICE_STATUS_LABELS[invoice.status],
    billed_cents: billed,
    paid_cents: paid,
    balance_cents: billed - paid,
    days,
    bucket: agingBucket(days),
  }
}

async function statementClient({ db }: AppDeps, viewer: Viewer, clientId: string) {
  const [client] = await clientNames(db, viewer.companyId, [clientId])
  if (!client) throw notFound(CLIENT_NOT_FOUND)
  return client
}

/** A client's statement whole (its PDF): each open invoice with its age, bucket and balance, as of today. */
export async function statement(deps: AppDeps, viewer: Viewer, clientId: string, now = new Date()) {
  const client = await statementClient(deps, viewer, clientId)
  const invoices = (await openInvoicesOfClient(deps.db, viewer.companyId, clientId)).map((invoice) =>
    statementLine(invoice, now),
  )
  return {
    client,
    asOf: agencyToday(now),
    invoices,
    totalCents: invoices.reduce((sum, invoice) => sum + invoice.balance_cents, 0),
  }
}

/**
 * A page of a client's statement on the screen, oldest sent first, with what it owes on all its
 * open invoices and how many there are (summed by the database, not from the page).
 */
export async function statementPage(deps: AppDeps, viewer: Viewer, clientId: string, page: number, now = new Date()) {
  const client = await statementClient(deps, viewer, clientId)
  const [rows, open] = await Promise.all([
    openInvoicesOfClient(deps.db, viewer.companyId, clientId, {
      limit: STATEMENT_PAGE_SIZE + 1,
      offset: (page - 1) * STATEMENT_PAGE_SIZE,
    }),
    openTotalOfClient(deps.db, viewer.companyId, clientId),
  ])
  return {
    client,
    asOf: agencyToday(now),
    invoices: rows.slice(0, STATEMENT_PAGE_SIZE).map((invoice) => statementLine(invoice, now)),
    page,
    hasMore: rows.length > STATEMENT_PAGE_SIZE,
    totalCents: open.owedCents,
    invoiceCount: open.invoices,
  }
}
