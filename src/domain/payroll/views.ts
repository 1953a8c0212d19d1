import type { Role } from '../auth/roles'
import type { Day } from '../formats/calendar-days'
import type { PayBasis, PayEntryKind, PayEventKind, RuleKind } from './pay-kinds'
import type { PayCadence, PeriodStatus } from './periods'

// What the payroll API answers (issue 18): the shapes the Payroll & Accounting screen and My Pay read.

export type PeriodSummary = { start: Day; end: Day; status: PeriodStatus }

export type PayLineView = {
  key: string
  profileId: string
  kind: PayEventKind
  occurredOn: Day
  caseKey: string | null
  caseLabel: string
  /** Where the case opens in the app ('/order/<id>' or '/cases/<id>'), null for lines with no case. */
  caseHref: string | null
  explanation: string
  amountCents: number
  heldCents: number
  carriedFrom: Day | null
}

export type PersonPay = {
  profileId: string
  name: string
  role: Role
  events: number
  earnedCents: number
  heldCents: number
  chargedBackCents: number
  totalCents: number
  /** Events no pay rule applies to (each a $0.00 line saying so). */
  eventsWithoutRule: number
}

/** How a period was paid, once it is marked paid. */
export type PeriodPayment = { paidOn: Day; reference: string; markedAt: string; markedBy: string | null }

export type PeriodView = {
  period: PeriodSummary & {
    approvedAt: string | null
    approvedBy: string | null
    lockedAt: string | null
    lockedBy: string | null
    payment: PeriodPayment | null
    /** Before the period is over: '3 days left in this period' (approving it now is allowed, with a warning). */
    daysLeft: string | null
    /** Before the period is over: why it cannot be locked yet, naming the day it can. */
    lockRefusal: string | null
  }
  people: PersonPay[]
  totals: Omit<PersonPay, 'profileId' | 'name' | 'role'>
}

export type PayrollOverview = {
  settings: { cadence: PayCadence; anchor: Day; firstUnfrozenDay: Day | null }
  /** Newest first: the current period and the ones before it. */
  periods: PeriodSummary[]
  current: Day
}

export type PayRuleView = {
  id: string
  kind: RuleKind
  role: Role | null
  profileId: string | null
  personName: string | null
  orderType: string | null
  clientId: string | null
  clientName: string | null
  basis: PayBasis
  rate: number
  tierAfter: number | null
  tierRate: number | null
  finderShareBp: number
  partnerShareBp: number
  excludedFeeTypes: string[]
  holdback: boolean
  effectiveFrom: Day
  effectiveTo: Day | null
  createdAt: string
}

export type PayEntryView = {
  id: string
  kind: PayEntryKind
  profileId: string
  personName: string
  occurredOn: Day
  amountCents: number | null
  miles: number | null
  hours: number | null
  reason: string | null
  note: string | null
  caseLabel: string | null
  caseHref: string | null
  /** Whether its period is approved or locked (it can no longer be removed). */
  frozen: boolean
}

export type YearlyPay = {
  year: number
  /** The 1099-NEC reporting threshold for the year, in cents. */
  thresholdCents: number
  people: Array<{
    profileId: string
    name: string
    role: Role
    paidCents: number
    periods: number
    reportable: boolean
  }>
}

/** My Pay: one person's periods and the lines of one of them. */
export type MyPay = {
  person: { profileId: string; name: string }
  periods: Array<
    PeriodSummary & {
      /** Earned before chargebacks; approved (once approved or locked) and paid (once marked paid) after them. */
      earnedCents: number
      heldCents: number
      approvedCents: number
      paidCents: number
      /** The day the period was paid, once marked paid. */
      paidOn: Day | null
    }
  >
  period: PeriodSummary
  /** The lines that earn pay (or take some back). */
  lines: PayLineView[]
  /** Events of the period that earned no pay (no line is shown for them). */
  eventsWithoutPay: number
}

export type AccountingRow = {
  client: string
  market: string
  invoicedCents: number
  collectedCents: number
  /** Redemption payments the agency took from debtors (issue 41). */
  collectedFromDebtorsCents: number
  paidToPeopleCents: number
  vendorCostsCents: number
  marginCents: number
}

export type AccountingView = {
  period: PeriodSummary
  rows: AccountingRow[]
  totals: Omit<AccountingRow, 'client' | 'market'>
  /** The last 12 periods, oldest first; pay not yet computed for some is being computed (issue 42). */
  chart: Array<PeriodSummary & Omit<AccountingRow, 'client' | 'market'> & { payComputing: boolean }>
  /** The period's pay to people is being computed: its paid and margin figures are not there yet. */
  payComputing: boolean
  vendorCosts: Array<{
    id: string
    vendorName: string
    kind: 'keys' | 'transport' | 'other'
    incurredOn: Day
    amountCents: number
    note: string | null
    caseLabel: string | null
    caseHref: string | null
  }>
}
