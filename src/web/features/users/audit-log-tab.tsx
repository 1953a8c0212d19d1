import { useQuery } from '@tanstack/react-query'
import { Search } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { formatCaseDate, formatCaseTime } from '../../../domain/formats/dates'
import { displayName } from '../../../domain/profiles/display'
import { ListLoadError, ListNotice } from '../../components/list-table'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { FormProblems } from '../../components/ui/form-problems'
import { NativeSelect } from '../../components/ui/native-select'
import { ApiError } from '../../lib/api'
import { type AuditEntry, auditLogQueryOptions, useUsers } from './api'

const ACTION_LABELS: Record<string, string> = {
  'case.opened': 'Opened the case',
  'file.downloaded': 'Downloaded a file',
}

/** What an entry's action reads as: its label, else the action in words ('user.created' -> 'User created'). */
function actionLabel(action: string) {
  const words = action.replace(/[._]+/g, ' ').trim()
  return ACTION_LABELS[action] ?? words.charAt(0).toUpperCase() + words.slice(1)
}

/** Where an entry's case opens: an order by its id, an RDN case by its case number. */
function caseHref(entry: AuditEntry) {
  if (entry.caseKey?.startsWith('order:')) return `/order/${encodeURIComponent(entry.caseKey.slice('order:'.length))}`
  if (entry.caseKey?.startsWith('rdn:') && entry.caseNumber) return `/cases/${encodeURIComponent(entry.caseNumber)}`
  return null
}

const when = (value: string) => `${formatCaseDate(value)} ${formatCaseTime(value)}`

function CaseCell({ entry }: { entry: AuditEntry }) {
  const href = caseHref(entry)
  if (!entry.caseKey) return <span className="text-muted-foreground">-</span>
  const label = entry.caseNumber ?? 'A removed case'
  return href ? (
    <Link to={href} className="underline-offset-4 hover:underline">
      {label}
    </Link>
  ) : (
    <span>{label}</span>
  )
}

/**
 * User Management's Audit log tab (issue 41, item 15): who did and who saw what, searched by the
 * case or order number a person types and by person; the search and page live in the address.
 */
export function AuditLogTab() {
  const [params, setParams] = useSearchParams()
  const caseNumber = params.get('case') ?? ''
  const profileId = params.get('person') ?? ''
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const [typed, setTyped] = useState(caseNumber)
  const people = useUsers({})
  const log = useQuery(auditLogQueryOptions({ caseNumber, profileId, page }))

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params)
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value)
      else next.delete(key)
    }
    if (!('page' in changes)) next.delete('page')
    setParams(next)
  }
  const search = (event: FormEvent) => {
    event.preventDefault()
    update({ case: typed.trim() })
  }
  const entries = log.data?.entries ?? []
  // A search the server refuses (a case number that cannot be one): its reason beside the box.
  const refusal = log.error instanceof ApiError && log.error.problems.length > 0 ? log.error : null

  return (
    <div className="space-y-4">
      <FormProblems error={refusal}>
        <form className="grid items-start gap-2 sm:grid-cols-[1fr_14rem_auto]" onSubmit={search}>
          <FormField
            id="audit-log-case"
            label="Case or order number"
            hideLabel
            name="caseNumber"
            type="search"
            placeholder="Case or order number"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <NativeSelect
            aria-label="Filter by person"
            value={profileId}
            onChange={(event) => update({ person: event.target.value })}
          >
            <option value="">Everyone</option>
            {(people.data?.users ?? []).map((person) => (
              <option key={person.id} value={person.id}>
                {displayName(person)}
              </option>
            ))}
          </NativeSelect>
          <Button type="submit" variant="outline">
            <Search aria-hidden />
            Search
          </Button>
        </form>
      </FormProblems>

      {refusal ? null : log.isError ? (
        <ListLoadError message={`Failed to load the audit log: ${log.error.message}`} onRetry={() => log.refetch()} />
      ) : log.isPending ? (
        <ListNotice>Loading audit entries...</ListNotice>
      ) : entries.length === 0 ? (
        <ListNotice>No audit entries match.</ListNotice>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm" aria-label="Audit log">
            <thead className="bg-muted/50 text-left text-muted-foreground">
              <tr>
                <th className="px-4 py-3 font-medium">When</th>
                <th className="hidden px-4 py-3 font-medium sm:table-cell">Who</th>
                <th className="hidden px-4 py-3 font-medium sm:table-cell">What</th>
                <th className="px-4 py-3 font-medium">Case</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-t align-top" data-testid="audit-entry">
                  <td className="px-4 py-3">
                    <span className="whitespace-nowrap">{when(entry.createdAt)}</span>
                    {/* On a phone the row is a card: who and what under the time. */}
                    <div className="mt-1 space-y-0.5 [overflow-wrap:anywhere] sm:hidden">
                      <p className="font-medium">{entry.actor?.name ?? 'The system'}</p>
                      <p className="text-muted-foreground">{actionLabel(entry.action)}</p>
                    </div>
                  </td>
                  <td className="hidden px-4 py-3 [overflow-wrap:anywhere] sm:table-cell">
                    {entry.actor?.name ?? 'The system'}
                  </td>
                  <td className="hidden px-4 py-3 sm:table-cell">{actionLabel(entry.action)}</td>
                  <td className="px-4 py-3 [overflow-wrap:anywhere]">
                    <CaseCell entry={entry} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {(page > 1 || log.data?.hasMore) && (
        <nav aria-label="Audit log pages" className="flex items-center justify-end gap-2 text-sm">
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => update({ page: page > 2 ? String(page - 1) : '' })}
          >
            Previous
          </Button>
          <span className="text-muted-foreground">Page {page}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={!log.data?.hasMore}
            onClick={() => update({ page: String(page + 1) })}
          >
            Next
          </Button>
        </nav>
      )}
    </div>
  )
}
