import { X } from 'lucide-react'
import type { CaseListQuery } from '../../../domain/cases/case-list-query'
import { formatCaseDate } from '../../../domain/formats/dates'
import type { UpdateCaseListQuery } from './use-case-list-query'

type Chip = { label: string; clear: Partial<CaseListQuery> }

function repoRangeLabel(from: string | undefined, to: string | undefined) {
  if (from && to) return `Repossessed ${formatCaseDate(from)} - ${formatCaseDate(to)}`
  return from ? `Repossessed since ${formatCaseDate(from)}` : `Repossessed until ${formatCaseDate(to)}`
}

/** The filters a dashboard figure links with, shown so the list says what it is showing; each can be removed. */
export function DashboardFilterChips({ query, update }: { query: CaseListQuery; update: UpdateCaseListQuery }) {
  const chips: Chip[] = []
  if (query.repo_from || query.repo_to) {
    chips.push({
      label: repoRangeLabel(query.repo_from, query.repo_to),
      clear: { repo_from: undefined, repo_to: undefined },
    })
  }
  if (query.lender) chips.push({ label: `Lender: ${query.lender}`, clear: { lender: undefined } })
  if (query.agent) chips.push({ label: "One agent's cases", clear: { agent: undefined } })
  if (query.stale) chips.push({ label: 'No update for 48 hours', clear: { stale: undefined } })
  if (chips.length === 0) return null
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Dashboard filters">
      {chips.map((chip) => (
        <li key={chip.label} className="flex items-center gap-1 rounded-full border bg-muted px-3 py-1 text-sm">
          {chip.label}
          <button
            type="button"
            className="rounded-full p-0.5 hover:bg-background"
            aria-label={`Remove filter ${chip.label}`}
            onClick={() => update(chip.clear)}
          >
            <X className="size-3" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  )
}
