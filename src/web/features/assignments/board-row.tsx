import { AlertTriangle, Clock } from 'lucide-react'
import { Link } from 'react-router'
import { formatCaseDate } from '../../../domain/formats/dates'
import { notificationAge } from '../../../domain/notifications/notifications'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import type { BoardRow } from './api'

const dayText = (iso: string) => formatCaseDate(new Date(iso))

/** When the agent last said something, and when they next must (the update-due clock). */
function UpdateClock({ row, now }: { row: BoardRow; now: Date }) {
  const last = row.lastUpdateAt ? `Last update ${notificationAge(new Date(row.lastUpdateAt), now)}` : 'No update yet'
  if (!row.agent && !row.rdnAgentId) return <span className="text-muted-foreground">Unassigned</span>
  if (row.updateDue)
    return (
      <span className="inline-flex items-center gap-1 font-medium text-amber-700 dark:text-amber-400">
        <Clock aria-hidden className="size-3.5" />
        Update due{row.updateDueAt ? ` since ${dayText(row.updateDueAt)}` : ''} · {last}
      </span>
    )
  return (
    <span className="text-muted-foreground">
      {last}
      {row.updateDueAt ? ` · next by ${dayText(row.updateDueAt)}` : ''}
    </span>
  )
}

/** One case on the board: who is on it, its clock, the suggestion, and its actions. */
export function BoardRowItem({
  row,
  selected,
  onToggle,
  onAssign,
  onHistory,
  now,
}: {
  row: BoardRow
  selected: boolean
  onToggle: () => void
  onAssign: () => void
  onHistory: () => void
  now: Date
}) {
  const agentName = row.agent?.name ?? (row.rdnAgentId ? `RDN agent ${row.rdnAgentId} (not mapped)` : null)
  return (
    <li
      className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 p-3 md:grid-cols-[auto_minmax(0,2fr)_minmax(0,2fr)_minmax(0,2fr)_auto] md:items-center"
      data-update-due={row.updateDue || undefined}
    >
      <input
        type="checkbox"
        className="mt-1 size-4 md:mt-0"
        checked={selected}
        onChange={onToggle}
        aria-label={`Select ${row.label}`}
      />
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={row.href} className="font-medium underline-offset-4 hover:underline">
            {row.label}
          </Link>
          <Badge variant="outline">{row.source === 'order' ? 'Order' : 'RDN'}</Badge>
          {row.status && <Badge variant="secondary">{row.status}</Badge>}
          {row.state !== 'Active' && <Badge variant="outline">{row.state}</Badge>}
        </div>
        <p className="truncate text-sm text-muted-foreground">
          {[row.name, row.vehicle].filter(Boolean).join(' · ') || 'No debtor or vehicle on file'}
        </p>
      </div>
      <div className="col-start-2 min-w-0 text-sm md:col-start-auto">
        <p className="truncate">
          {[row.market ?? 'No market', row.zip && `ZIP ${row.zip}`, row.client].filter(Boolean).join(' · ')}
        </p>
        <p className="text-xs">
          <UpdateClock row={row} now={now} />
        </p>
      </div>
      <div className="col-start-2 min-w-0 text-sm md:col-start-auto">
        <p className="truncate">
          <span className="text-muted-foreground">Agent: </span>
          {agentName ?? 'Nobody'}
          {row.agentCovers === false && (
            <span className="ml-1 inline-flex items-center gap-0.5 text-xs text-amber-700 dark:text-amber-400">
              <AlertTriangle aria-hidden className="size-3" /> outside their coverage
            </span>
          )}
        </p>
        <p className="truncate text-xs text-muted-foreground">Camera car: {row.cameraDriver?.name ?? 'nobody'}</p>
        {row.suggested && <p className="truncate text-xs text-muted-foreground">Suggested: {row.suggested.name}</p>}
      </div>
      <div className="col-start-2 flex gap-2 md:col-start-auto">
        <Button size="sm" variant={row.agent ? 'outline' : 'default'} onClick={onAssign}>
          {row.agent || row.rdnAgentId ? 'Reassign' : 'Assign'}
          <span className="sr-only"> {row.label}</span>
        </Button>
        <Button size="sm" variant="ghost" onClick={onHistory}>
          History<span className="sr-only"> of {row.label}</span>
        </Button>
      </div>
    </li>
  )
}
