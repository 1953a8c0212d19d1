import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ASSIGNMENT_STATES, type AssignmentState } from '../../../domain/assignments/assignment-state'
import { formatWhole } from '../../../domain/formats/numbers'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { notify } from '../../components/ui/toaster'
import { useLiveQueries } from '../../lib/realtime'
import { AgentFiguresTable } from './agent-figures'
import { type BoardFilters, type CaseItem, useBoard, usePeople, useSetState } from './api'
import { BoardFiltersBar } from './board-filters'
import { BoardRowItem } from './board-row'
import { BulkAssignDialog } from './bulk-assign-dialog'
import { HistoryDialog } from './history-dialog'

const FILTER_NAMES = ['market', 'agent', 'state', 'due', 'q'] as const

/** /dashboard/assignments (issue 19): hand out the open cases of one's markets, one at a time or in bulk. */
export function AssignmentsPage() {
  const [params, setParams] = useSearchParams()
  const filters = useMemo(() => {
    const picked: Record<string, string> = {}
    for (const name of FILTER_NAMES) {
      const value = params.get(name)
      if (value) picked[name] = value
    }
    return picked as BoardFilters
  }, [params])
  const page = Math.max(1, Number(params.get('page')) || 1)
  const board = useBoard(filters, page)
  const people = usePeople()
  const setState = useSetState()
  const [selected, setSelected] = useState<Map<string, CaseItem>>(new Map())
  const [assigning, setAssigning] = useState<{ items: CaseItem[]; suggested: string | null } | null>(null)
  const [history, setHistory] = useState<CaseItem | null>(null)
  // Live: the board itself (the figures and people read again after one's own assignments).
  useLiveQueries('orders', [['assignments', 'board']])
  useLiveQueries('cases', [['assignments', 'board']])

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params)
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(name)
      else next.set(name, value)
    }
    if (!('page' in changes)) {
      next.delete('page')
      // Other filters show other cases: a selection made under the old ones would not be what one sees.
      setSelected(new Map())
    }
    setParams(next, { replace: true })
  }
  const itemOf = (row: { source: 'order' | 'case'; id: string; label: string }): CaseItem => ({
    source: row.source,
    id: row.id,
    label: row.label,
  })
  const toggle = (item: CaseItem) =>
    setSelected((current) => {
      const next = new Map(current)
      const key = `${item.source}:${item.id}`
      if (next.has(key)) next.delete(key)
      else next.set(key, item)
      return next
    })
  const rows = board.data?.rows ?? []
  const allOnPage = rows.length > 0 && rows.every((row) => selected.has(`${row.source}:${row.id}`))
  const selectPage = () =>
    setSelected((current) => {
      const next = new Map(current)
      for (const row of rows) {
        if (allOnPage) next.delete(`${row.source}:${row.id}`)
        else next.set(`${row.source}:${row.id}`, itemOf(row))
      }
      return next
    })
  const chosen = [...selected.values()]
  const changeState = (state: AssignmentState) =>
    setState.mutate(
      { cases: chosen.map(({ source, id }) => ({ source, id })), state },
      {
        onSuccess: (result) => {
          notify.success({ title: `${result.changed} ${result.changed === 1 ? 'case' : 'cases'} now ${state}` })
          setSelected(new Map())
        },
        onError: (error) => notify.error({ title: 'Failed to change the assignments', description: error.message }),
      },
    )
  const now = new Date()
  const totalPages = board.data ? Math.max(1, Math.ceil(board.data.total / board.data.pageSize)) : 1

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Agent Assignment</CardTitle>
          <CardDescription>
            The open orders and RDN cases of your markets: unassigned first, then those whose agent is due an update.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          <BoardFiltersBar
            filters={filters}
            people={people.data}
            scopeMarkets={board.data?.markets ?? null}
            onChange={update}
          />
          <div
            className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 p-2 text-sm"
            aria-label="Selected cases"
            role="toolbar"
          >
            <label className="flex items-center gap-2">
              <input type="checkbox" className="size-4" checked={allOnPage} onChange={selectPage} />
              Select this page
            </label>
            <span className="text-muted-foreground">{chosen.length} selected</span>
            <Button
              size="sm"
              disabled={chosen.length === 0}
              onClick={() => setAssigning({ items: chosen, suggested: null })}
            >
              Assign selected
            </Button>
            {ASSIGNMENT_STATES.map((state) => (
              <Button
                key={state}
                size="sm"
                variant="outline"
                disabled={chosen.length === 0 || setState.isPending}
                onClick={() => changeState(state)}
              >
                Mark {state}
              </Button>
            ))}
            {chosen.length > 0 && (
              <Button size="sm" variant="ghost" onClick={() => setSelected(new Map())}>
                Clear
              </Button>
            )}
          </div>
          {board.isPending ? (
            <p className="text-sm text-muted-foreground">Loading the board...</p>
          ) : board.isError ? (
            <div role="alert" className="space-y-2 text-sm text-destructive">
              <p>{board.error.message}</p>
              <Button size="sm" variant="outline" onClick={() => void board.refetch()}>
                Retry
              </Button>
            </div>
          ) : rows.length === 0 && page > 1 ? (
            <div className="space-y-2 text-sm text-muted-foreground">
              <p>This page is past the end of the board.</p>
              <Button size="sm" variant="outline" onClick={() => update({ page: null })}>
                First page
              </Button>
            </div>
          ) : rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {Object.keys(filters).length ? 'No open case matches these filters.' : 'No open cases in your markets.'}
            </p>
          ) : (
            <>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {formatWhole(board.data.total)} open {board.data.total === 1 ? 'case' : 'cases'}
              </p>
              <ul className="divide-y rounded-md border" aria-label="Assignment board">
                {rows.map((row) => (
                  <BoardRowItem
                    key={`${row.source}:${row.id}`}
                    row={row}
                    now={now}
                    selected={selected.has(`${row.source}:${row.id}`)}
                    onToggle={() => toggle(itemOf(row))}
                    onAssign={() => setAssigning({ items: [itemOf(row)], suggested: row.suggested?.id ?? null })}
                    onHistory={() => setHistory(itemOf(row))}
                  />
                ))}
              </ul>
              {totalPages > 1 && (
                <nav aria-label="Board pages" className="flex items-center justify-between text-sm">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={page <= 1}
                    onClick={() => update({ page: String(page - 1) })}
                  >
                    Previous
                  </Button>
                  <span className="text-muted-foreground">
                    Page {page} of {totalPages}
                  </span>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={page >= totalPages}
                    onClick={() => update({ page: String(page + 1) })}
                  >
                    Next
                  </Button>
                </nav>
              )}
            </>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Agents</CardTitle>
          <CardDescription>
            Open cases now; every case on them now, whatever its status, with how many of those are recovered; and the
            days from assignment to recovery.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <AgentFiguresTable />
        </CardContent>
      </Card>
      <BulkAssignDialog
        items={assigning?.items ?? []}
        suggestedAgentId={assigning?.suggested}
        open={assigning !== null}
        onOpenChange={(open) => !open && setAssigning(null)}
        onAssigned={() => setSelected(new Map())}
      />
      <HistoryDialog item={history} onClose={() => setHistory(null)} />
    </div>
  )
}
