import type { Kysely, Transaction } from 'kysely'
import { type PeriodLine, totalsByPerson } from '../../../domain/payroll/assemble'
import { noRuleApplied } from '../../../domain/payroll/unpaid-events'
import type { PayLineView, PersonPay } from '../../../domain/payroll/views'
import type { DB } from '../../db/schema'
import { caseHrefs } from './lines-repository'
import type { PayPerson } from './people-repository'

type Db = Kysely<DB> | Transaction<DB>

/** Lines as the screens show them: each with the link to its case. */
export async function lineViews(db: Db, companyId: string, lines: readonly PeriodLine[]): Promise<PayLineView[]> {
  const hrefs = await caseHrefs(db, companyId, new Set(lines.map((line) => line.caseKey).filter((key) => key !== null)))
  return lines.map((line) => ({
    key: line.key,
    profileId: line.profileId,
    kind: line.kind,
    occurredOn: line.occurredOn,
    caseKey: line.caseKey,
    caseLabel: line.caseLabel,
    caseHref: line.caseKey ? (hrefs.get(line.caseKey) ?? null) : null,
    explanation: line.explanation,
    amountCents: line.amountCents,
    heldCents: line.heldCents,
    carriedFrom: line.carriedFrom,
  }))
}

/** Each person's figures, by name; and the period's. */
export function peoplePay(lines: readonly PeriodLine[], people: readonly PayPerson[]) {
  const known = new Map(people.map((person) => [person.profileId, person]))
  const withoutRule = new Map<string, Set<string>>()
  for (const line of lines)
    if (noRuleApplied(line)) {
      const events = withoutRule.get(line.profileId) ?? new Set()
      events.add(line.eventKey)
      withoutRule.set(line.profileId, events)
    }
  const rows: PersonPay[] = totalsByPerson(lines)
    .map((totals) => {
      const person = known.get(totals.profileId)
      return {
        ...totals,
        name: person?.name ?? 'Former staff',
        role: person?.role ?? 'recovery_agent',
        eventsWithoutRule: withoutRule.get(totals.profileId)?.size ?? 0,
      }
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.profileId.localeCompare(b.profileId))
  const totals = rows.reduce(
    (sum, row) => ({
      events: sum.events + row.events,
      earnedCents: sum.earnedCents + row.earnedCents,
      heldCents: sum.heldCents + row.heldCents,
      chargedBackCents: sum.chargedBackCents + row.chargedBackCents,
      totalCents: sum.totalCents + row.totalCents,
      eventsWithoutRule: sum.eventsWithoutRule + row.eventsWithoutRule,
    }),
    { events: 0, earnedCents: 0, heldCents: 0, chargedBackCents: 0, totalCents: 0, eventsWithoutRule: 0 },
  )
  return { people: rows, totals }
}
