import { ChevronDown, ChevronRight } from 'lucide-react'
import { Fragment, useState } from 'react'
import { Link } from 'react-router'
import { ROLE_LABELS } from '../../../domain/auth/roles'
import { formatCents } from '../../../domain/billing/money'
import { formatCaseDate } from '../../../domain/formats/dates'
import { periodLabel } from '../../../domain/payroll/periods'
import type { PeriodSummary, PeriodView, PersonPay } from '../../../domain/payroll/views'
import { PersonLines } from './person-lines'

const money = 'px-2 py-2 text-right tabular-nums'
// On a phone the person, what they earned and their total fit; the rest shows from the small breakpoint up.
const wide = 'hidden sm:table-cell'

/** Each person's pay in the period with a totals row; a person opens to the lines that make it up. */
export function PeopleTable({ view, periods }: { view: PeriodView; periods: PeriodSummary[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set())
  const toggle = (profileId: string) => {
    const next = new Set(open)
    if (next.has(profileId)) next.delete(profileId)
    else next.add(profileId)
    setOpen(next)
  }
  if (view.people.length === 0)
    return <p className="text-sm text-muted-foreground">Nobody has earned anything in this period yet.</p>
  const carriedLabel = (start: string) => {
    const period = periods.find((candidate) => candidate.start === start)
    return period ? periodLabel(period) : `the period from ${formatCaseDate(start)}`
  }

  return (
    <div className="relative overflow-x-auto rounded-md border">
      <table className="w-full text-sm sm:min-w-[40rem]">
        <caption className="sr-only">Pay by person for {periodLabel(view.period)}</caption>
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            <th className="px-2 py-2">Person</th>
            <th className={`${wide} px-2 py-2`}>Role</th>
            <th className={`${wide} px-2 py-2 text-right`}>Events</th>
            <th className="px-2 py-2 text-right">Earned</th>
            <th className={`${wide} px-2 py-2 text-right`}>Held</th>
            <th className={`${wide} px-2 py-2 text-right`}>Charged back</th>
            <th className="px-2 py-2 text-right">Total</th>
          </tr>
        </thead>
        <tbody>
          {view.people.map((person) => (
            <Fragment key={person.profileId}>
              <PersonRow person={person} expanded={open.has(person.profileId)} onToggle={toggle} />
              {open.has(person.profileId) && (
                <tr className="bg-muted/20">
                  <td colSpan={7} className="px-2 py-2" id={`pay-lines-${person.profileId}`}>
                    <PersonLines
                      start={view.period.start}
                      profileId={person.profileId}
                      name={person.name}
                      carriedLabel={carriedLabel}
                    />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
        <tfoot className="border-t-2 font-semibold">
          <tr>
            <th scope="row" className="px-2 py-2 text-left">
              Totals
            </th>
            <td className={wide} />
            <td className={`${wide} ${money}`}>{view.totals.events}</td>
            <td className={money}>{formatCents(view.totals.earnedCents)}</td>
            <td className={`${wide} ${money}`}>{formatCents(view.totals.heldCents)}</td>
            <td className={`${wide} ${money}`}>{formatCents(view.totals.chargedBackCents)}</td>
            <td className={money}>{formatCents(view.totals.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  )
}

function PersonRow({
  person,
  expanded,
  onToggle,
}: {
  person: PersonPay
  expanded: boolean
  onToggle: (profileId: string) => void
}) {
  const Chevron = expanded ? ChevronDown : ChevronRight
  return (
    <tr className="border-t">
      <th scope="row" className="px-2 py-1 text-left font-medium">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={expanded ? `pay-lines-${person.profileId}` : undefined}
          onClick={() => onToggle(person.profileId)}
          className="-mx-1 flex items-center gap-1 rounded px-1 py-1 text-left [overflow-wrap:anywhere] hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Chevron className="size-4 shrink-0" aria-hidden />
          {person.name}
        </button>
        {person.eventsWithoutRule > 0 && <NoRuleHint person={person} />}
      </th>
      <td className={`${wide} px-2 py-2`}>{ROLE_LABELS[person.role]}</td>
      <td className={`${wide} ${money}`}>{person.events}</td>
      <td className={money}>{formatCents(person.earnedCents)}</td>
      <td className={`${wide} ${money}`}>{formatCents(person.heldCents)}</td>
      <td className={`${wide} ${money}`}>{formatCents(person.chargedBackCents)}</td>
      <td className={`${money} font-medium`}>{formatCents(person.totalCents)}</td>
    </tr>
  )
}

/** Why a person's events earn nothing: no pay rule covers them (issue 41), with the way to the rules. */
function NoRuleHint({ person }: { person: PersonPay }) {
  const all = person.eventsWithoutRule === person.events
  const count = `${person.eventsWithoutRule} ${person.eventsWithoutRule === 1 ? 'event' : 'events'}`
  return (
    <p className="ml-5 text-xs font-normal text-amber-800 dark:text-amber-300" data-testid="no-rule-hint">
      {all ? 'No pay rule applies' : `No pay rule applies to ${count}`}
      {' · '}
      <Link to="/dashboard/payroll?tab=rules" className="underline underline-offset-4">
        See pay rules
      </Link>
    </p>
  )
}
