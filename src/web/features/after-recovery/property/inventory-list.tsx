import { Link } from 'react-router'
import { formatCaseDate, formatDateTime } from '../../../../domain/formats/dates'
import { Badge } from '../../../components/ui/badge'
import { cn } from '../../../lib/utils'
import type { InventoryRow, PropertyStage } from './api'
import { daysUntil, holdText } from './clock'

const STAGE_STYLE: Record<PropertyStage, string> = {
  held: 'border-transparent bg-secondary text-secondary-foreground',
  'notice due': 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  'ready to dispose': 'border-transparent bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100',
  closed: 'text-muted-foreground',
}

const STAGE_LABEL: Record<PropertyStage, string> = {
  held: 'Held',
  'notice due': 'Notice due',
  'ready to dispose': 'Ready to dispose',
  closed: 'Closed',
}

export function StageBadge({ stage }: { stage: PropertyStage }) {
  return <Badge className={cn('whitespace-nowrap', STAGE_STYLE[stage])}>{STAGE_LABEL[stage] ?? stage}</Badge>
}

/** The notice in words: when it was sent, or when it is due (overdue shows as such). */
export function noticeText(row: { lastNoticeOn: string | null; noticeDue: string | null }) {
  if (row.lastNoticeOn) return `Sent ${formatCaseDate(row.lastNoticeOn)}`
  if (!row.noticeDue) return 'No notice due'
  return daysUntil(row.noticeDue) < 0
    ? `Overdue since ${formatCaseDate(row.noticeDue)}`
    : `Due ${formatCaseDate(row.noticeDue)}`
}

function Hold({ row }: { row: InventoryRow }) {
  const ended = row.holdUntil !== null && daysUntil(row.holdUntil) < 0
  return (
    <span className={cn(ended && 'font-medium')}>
      {row.stage === 'closed' ? '-' : holdText(row.holdUntil)}
      {row.holdUntil && row.stage !== 'closed' && (
        <span className="block text-xs text-muted-foreground">until {formatCaseDate(row.holdUntil)}</span>
      )}
    </span>
  )
}

const pickup = (row: InventoryRow) => (row.nextAppointmentAt ? formatDateTime(row.nextAppointmentAt) : 'None booked')
const held = (row: InventoryRow) => `${row.heldItems} of ${row.totalItems} held`

/**
 * The inventories: a stacked list where the list is narrow (a phone, or beside a detail), a table
 * where it is wide; each opens its detail (`hrefOf`). Sized by its container (`@container`).
 */
export function InventoryList({
  rows,
  selectedId,
  hrefOf,
}: {
  rows: InventoryRow[]
  selectedId: string | null
  hrefOf: (row: InventoryRow) => string
}) {
  return (
    <>
      <ul className="divide-y rounded-lg border @2xl:hidden" aria-label="Property held">
        {rows.map((row) => (
          <li key={row.id} data-testid="property-row">
            <Link
              to={hrefOf(row)}
              aria-current={row.id === selectedId ? 'true' : undefined}
              className={cn(
                'block space-y-1 p-3 text-sm hover:bg-accent/50 focus-visible:bg-accent/50 focus-visible:outline-none',
                row.id === selectedId && 'bg-accent/60',
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="font-medium">{row.caseLabel}</span>
                <StageBadge stage={row.stage} />
              </span>
              <span className="block text-muted-foreground">
                {[row.debtorName, row.vehicle].filter(Boolean).join(' · ') || '-'}
              </span>
              <span className="grid grid-cols-2 gap-x-3 gap-y-1 pt-1">
                <span>{held(row)}</span>
                <span>{row.stage === 'closed' ? 'Closed' : holdText(row.holdUntil)}</span>
                <span>Notice: {noticeText(row)}</span>
                <span>Pickup: {pickup(row)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-lg border @2xl:block">
        <table className="w-full text-sm">
          <caption className="sr-only">Property held</caption>
          <thead className="bg-muted/50 text-left text-muted-foreground">
            <tr>
              <th className="px-3 py-2 font-medium">Case</th>
              <th className="px-3 py-2 font-medium">Debtor</th>
              <th className="px-3 py-2 font-medium">Items</th>
              <th className="px-3 py-2 font-medium">Hold</th>
              <th className="hidden px-3 py-2 font-medium @4xl:table-cell">Notice</th>
              <th className="hidden px-3 py-2 font-medium @4xl:table-cell">Next pickup</th>
              <th className="px-3 py-2 font-medium">Stage</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id}
                data-testid="property-row"
                className={cn('border-t hover:bg-accent/50', row.id === selectedId && 'bg-accent/60')}
              >
                <td className="px-3 py-2">
                  <Link
                    to={hrefOf(row)}
                    aria-current={row.id === selectedId ? 'true' : undefined}
                    className="whitespace-nowrap font-medium underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
                  >
                    {row.caseLabel}
                  </Link>
                  {row.vehicle && <span className="block text-xs text-muted-foreground">{row.vehicle}</span>}
                </td>
                <td className="px-3 py-2">{row.debtorName ?? '-'}</td>
                <td className="whitespace-nowrap px-3 py-2">{held(row)}</td>
                <td className="whitespace-nowrap px-3 py-2">
                  <Hold row={row} />
                </td>
                <td className="hidden whitespace-nowrap px-3 py-2 @4xl:table-cell">{noticeText(row)}</td>
                <td className="hidden whitespace-nowrap px-3 py-2 @4xl:table-cell">{pickup(row)}</td>
                <td className="px-3 py-2">
                  <StageBadge stage={row.stage} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

/** Rows of grey while the list loads, shaped like the list on each screen size. */
export function InventoryListSkeleton() {
  return (
    <div className="space-y-2" aria-busy="true" data-testid="property-skeleton">
      <p className="sr-only" role="status">
        Loading property...
      </p>
      {[0, 1, 2, 3].map((index) => (
        <div key={index} className="h-20 animate-pulse rounded-lg bg-muted @2xl:h-12" />
      ))}
    </div>
  )
}
