import { formatCents } from '../../../domain/billing/money'
import type { VendorCostInput } from '../../../domain/payroll/inputs'
import type { PayPeriod } from '../../../domain/payroll/periods'
import type { AccountingRow, AccountingView } from '../../../domain/payroll/views'
import type { AppDeps, Viewer } from '../../app-env'
import { badRequest, notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { writeCaseEvent } from '../../records/case-event'
import { type CaseSide, caseAmountsIn, dailySums, NO_CLIENT, NO_MARKET, vendorCostList } from './accounting-repository'
import { loadCalendar } from './calendar-repository'
import { resolveCase } from './case-ref'
import { caseKeyOf } from './event-sources'
import { caseHrefs } from './lines-repository'
import { paidBySide, paidTotal, type SidedAmount } from './paid-by-side'
import { payToday } from './pay-day'
import { payPeople } from './people-repository'
import { keptPeriodsLines, periodStarting } from './period-service'

export const VENDOR_COST_NOT_FOUND = 'Vendor cost not found.'

/** How many periods the accounting chart shows. */
const CHART_PERIODS = 12

type Figures = Omit<AccountingRow, 'client' | 'market'>
const emptyFigures = (): Figures => ({
  invoicedCents: 0,
  collectedCents: 0,
  collectedFromDebtorsCents: 0,
  paidToPeopleCents: 0,
  vendorCostsCents: 0,
  marginCents: 0,
})
type Measure = Exclude<keyof Figures, 'marginCents'>

/**
 * Accounting for a period (issue 18): per client and market, what was invoiced and collected (from
 * the lender, and from debtors at redemption: issue 41), paid to people and to vendors, and the margin (invoiced less paid out); and the last 12 periods.
 */
export async function accountingView(
  deps: AppDeps,
  viewer: Viewer,
  periodStart: string | null,
): Promise<AccountingView> {
  const { db } = deps
  const companyId = viewer.companyId
  const [calendar, people] = await Promise.all([loadCalendar(db, companyId), payPeople(db, companyId)])
  const recent = calendar.recent(payToday(), CHART_PERIODS).reverse()
  const chosen = periodStart ? periodStarting(calendar, periodStart) : (recent.at(-1) as PayPeriod)
  const periods = recent.some((period) => period.start === chosen.start) ? recent : [...recent, chosen]
  const range = {
    from: periods.reduce((min, period) => (period.start < min ? period.start : min), chosen.start),
    to: periods.reduce((max, period) => (period.end > max ? period.end : max), chosen.end),
  }
  const chosenRange = { from: chosen.start, to: chosen.end }
  const chosenIndex = periods.findIndex((period) => period.start === chosen.start)
  // The money summed by the database, each case's side read with it; the periods' pay as kept (those
  // not yet computed are computed in the background), the chosen one's summed per client and market.
  const [daily, amounts, { costs, hrefs }, { lineSets, paid }] = await Promise.all([
    dailySums(db, companyId, range),
    caseAmountsIn(db, companyId, chosenRange),
    vendorCostList(db, companyId, chosenRange).then(async (costs) => ({
      costs,
      hrefs: await caseHrefs(
        db,
        companyId,
        costs.map(caseKeyOf).filter((key) => key !== null),
      ),
    })),
    keptPeriodsLines(deps, companyId, calendar, periods, people).then(async (lineSets) => {
      const chosenLines = lineSets[chosenIndex]
      return { lineSets, paid: chosenLines ? await paidBySide(db, companyId, chosenLines) : [] }
    }),
  ])
  // An invoice names its client; anything else is its case's (an RDN case's by the one rule of migration 040).
  const sideOf = (row: SidedAmount): CaseSide => {
    const side = row.case_side
    const named = row.client_id ? { clientId: row.client_id, client: row.client || NO_CLIENT } : null
    return {
      clientId: named?.clientId ?? side?.clientId ?? null,
      client: named?.client ?? side?.client ?? NO_CLIENT,
      market: side?.market || NO_MARKET,
    }
  }

  const rows = new Map<string, AccountingRow>()
  const chart = periods.map((period, index) => ({
    ...period,
    status: calendar.statusOf(period),
    ...emptyFigures(),
    payComputing: lineSets[index] === null,
  }))
  for (const sum of daily) {
    const bucket = chart.find((period) => period.start <= sum.day && sum.day <= period.end)
    if (bucket) bucket[sum.measure] += sum.cents
  }
  periods.forEach((_, index) => {
    const lines = lineSets[index]
    if (lines) chart[index].paidToPeopleCents += paidTotal(lines)
  })
  const add = (measure: Measure, row: SidedAmount) => {
    const { clientId, ...side } = sideOf(row)
    const key = `${clientId ?? ''}|${side.market}`
    let entry = rows.get(key)
    if (!entry) {
      entry = { ...side, ...emptyFigures() }
      rows.set(key, entry)
    }
    entry[measure] += row.cents
  }
  for (const row of amounts) add(row.measure, row)
  for (const row of paid) add('paidToPeopleCents', row)
  const withMargin = <T extends Figures>(figures: T): T => ({
    ...figures,
    marginCents: figures.invoicedCents - figures.paidToPeopleCents - figures.vendorCostsCents,
  })
  // A client and market with nothing in the period has no row.
  const tableRows = [...rows.values()]
    .filter(
      (row) =>
        row.invoicedCents ||
        row.collectedCents ||
        row.collectedFromDebtorsCents ||
        row.paidToPeopleCents ||
        row.vendorCostsCents,
    )
    .map(withMargin)
    .sort((a, b) => a.client.localeCompare(b.client) || a.market.localeCompare(b.market))
  const totals = withMargin(
    tableRows.reduce(
      (sum, row) => ({
        invoicedCents: sum.invoicedCents + row.invoicedCents,
        collectedCents: sum.collectedCents + row.collectedCents,
        collectedFromDebtorsCents: sum.collectedFromDebtorsCents + row.collectedFromDebtorsCents,
        paidToPeopleCents: sum.paidToPeopleCents + row.paidToPeopleCents,
        vendorCostsCents: sum.vendorCostsCents + row.vendorCostsCents,
        marginCents: 0,
      }),
      emptyFigures(),
    ),
  )
  return {
    period: { ...chosen, status: calendar.statusOf(chosen) },
    rows: tableRows,
    totals,
    payComputing: lineSets[chosenIndex] === null,
    chart: chart
      .filter((period) => recent.includes(period) || recent.some((r) => r.start === period.start))
      .map(withMargin),
    vendorCosts: costs.map((cost) => {
      const key = caseKeyOf(cost)
      return {
        id: cost.id,
        vendorName: cost.vendor_name,
        kind: cost.kind,
        incurredOn: cost.incurred_on,
        amountCents: Number(cost.amount_cents),
        note: cost.note,
        caseLabel: cost.case_label,
        caseHref: key ? (hrefs.get(key) ?? null) : null,
      }
    }),
  }
}

export async function createVendorCost(deps: AppDeps, viewer: Viewer, input: VendorCostInput, ip: string | null) {
  return deps.db.transaction().execute(async (trx) => {
    const vendor = await trx
      .selectFrom('vendors')
      .select(['id', 'name'])
      .where('id', '=', input.vendorId)
      .where('company_id', '=', viewer.companyId)
      .executeTakeFirst()
    if (!vendor) throw badRequest('Choose a vendor of your company.', 'vendorId')
    const target = await resolveCase(trx, viewer.companyId, input)
    const { id } = await trx
      .insertInto('vendor_costs')
      .values({
        company_id: viewer.companyId,
        vendor_id: vendor.id,
        kind: input.kind,
        incurred_on: input.incurredOn,
        amount_cents: input.amountCents,
        note: input.note,
        order_id: target.orderId,
        rdn_case_id: target.rdnCaseId,
        case_label: target.label,
        created_by_profile_id: viewer.profileId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const text = `${vendor.name} (${input.kind}) ${formatCents(input.amountCents)} on ${input.incurredOn}`
    await writeCaseEvent(trx, viewer.companyId, target, 'vendor_cost', text, viewer.profileId)
    await recordAudit(trx, {
      action: 'payroll.vendor_cost.created',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `vendor_cost:${id}`,
      detail: { ...input },
      ip,
    })
    return id
  })
}

export async function deleteVendorCost(deps: AppDeps, viewer: Viewer, costId: string, ip: string | null) {
  await deps.db.transaction().execute(async (trx) => {
    const cost = await trx
      .selectFrom('vendor_costs')
      .selectAll()
      .where('id', '=', costId)
      .where('company_id', '=', viewer.companyId)
      .executeTakeFirst()
    if (!cost) throw notFound(VENDOR_COST_NOT_FOUND)
    await trx.deleteFrom('vendor_costs').where('id', '=', costId).execute()
    await writeCaseEvent(
      trx,
      viewer.companyId,
      { orderId: cost.order_id, rdnCaseId: cost.rdn_case_id },
      'vendor_cost',
      `Vendor cost of ${cost.incurred_on} (${formatCents(Number(cost.amount_cents))}) removed`,
      viewer.profileId,
    )
    await recordAudit(trx, {
      action: 'payroll.vendor_cost.deleted',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `vendor_cost:${costId}`,
      detail: { vendorId: cost.vendor_id, amountCents: cost.amount_cents, incurredOn: cost.incurred_on },
      ip,
    })
  })
}
