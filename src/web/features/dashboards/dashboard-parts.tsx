import type { UseQueryResult } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { canOpenScreen } from '../../../domain/auth/permissions'
import type { CaseListQuery } from '../../../domain/cases/case-list-query'
import { caseListSearchParams } from '../../../domain/cases/case-list-search'
import { VEHICLE_LIST_PAGE } from '../../../domain/dashboards/vehicle-list'
import { formatWhole } from '../../../domain/formats/numbers'
import { ListLoadError, ListNotice } from '../../components/list-table'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { useMe } from '../auth/session'

export type CaseFilters = Partial<CaseListQuery> | null

/** The case list showing exactly the cases a figure counted. */
export function caseListHref(filters: Partial<CaseListQuery>): string {
  return `/dashboard/orders?${caseListSearchParams(filters)}`
}

export const percent = (rate: number | null) => (rate === null ? '-' : `${Math.round(rate * 100)}%`)

/** Whether the signed-in person may open the case list (Order Management) a figure links to. */
function useCanOpenCaseList(): boolean {
  return canOpenScreen(useMe().data?.profile.role, 'Order Management')
}

/** A count that opens the case list with its filters when it has them (and the person may open it). */
export function CaseCount({ count, filters, label }: { count: number; filters: CaseFilters; label: string }) {
  const text = formatWhole(count)
  const linked = useCanOpenCaseList()
  if (!filters || !linked) return <span>{text}</span>
  return (
    <Link
      to={caseListHref(filters)}
      className="font-medium text-primary underline-offset-4 hover:underline"
      aria-label={`${label}: ${text}`}
    >
      {text}
    </Link>
  )
}

/**
 * One headline figure ('...' while it loads). The whole tile opens the matching case list (for
 * those who may open it), or does `onSelect` when the figure acts on its own page.
 */
export function FigureTile({
  label,
  count,
  filters,
  onSelect,
  hint,
}: {
  label: string
  count: number | undefined
  filters?: CaseFilters
  onSelect?: () => void
  hint?: string
}) {
  const linked = useCanOpenCaseList() && Boolean(filters)
  const shown = count === undefined ? '...' : formatWhole(count)
  // All the tile shows, in its order (WCAG 2.5.3: the visible words are part of the name); the
  // spaces between its blocks keep those words apart for the checkers that read the text.
  const name = hint ? `${label}: ${shown} ${hint}` : `${label}: ${shown}`
  const body = (
    <Card className={linked || onSelect ? 'h-full transition-colors hover:bg-muted/50' : 'h-full'}>
      <CardHeader className="pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
      </CardHeader>{' '}
      <CardContent>
        <p className="text-3xl font-semibold tabular-nums" data-testid={`figure-${label}`}>
          {shown}
        </p>{' '}
        {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      </CardContent>
    </Card>
  )
  if (linked && filters) {
    return (
      <Link to={caseListHref(filters)} aria-label={name} className="block">
        {body}
      </Link>
    )
  }
  if (!onSelect) return body
  return (
    <button type="button" onClick={onSelect} aria-label={name} className="block w-full text-left">
      {body}
    </button>
  )
}

/** A titled section of a dashboard. */
export function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle className="text-base">{title}</CardTitle>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

/** How many vehicles a long dashboard list asks the server for, and 'Show more', which adds a page. */
export function useListLimit() {
  const [limit, setLimit] = useState(VEHICLE_LIST_PAGE)
  return { limit, showMore: () => setLimit((current) => current + VEHICLE_LIST_PAGE) }
}

/**
 * Under a list the server sends a page at a time: how many of the total are listed, and 'Show
 * more' until every one is (the figures count them all, so the list reaches the same number).
 */
export function ListedOf({
  listed,
  total,
  loading,
  onMore,
  noun = 'vehicles',
  testId = 'listed-of',
}: {
  listed: number
  total: number
  loading: boolean
  onMore: () => void
  /** What the list lists, plural. */
  noun?: string
  testId?: string
}) {
  if (total === 0) return null
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
      <p data-testid={testId}>{`Listing ${formatWhole(listed)} of ${formatWhole(total)} ${noun}`}</p>
      {listed < total && (
        <Button variant="outline" size="sm" onClick={onMore} disabled={loading}>
          {loading ? 'Loading...' : `Show more ${noun}`}
        </Button>
      )}
    </div>
  )
}

export function EmptyText({ children }: { children: ReactNode }) {
  return <p className="py-4 text-center text-sm text-muted-foreground">{children}</p>
}

/** A dashboard's frame: title, then a loading line, an error with Retry, or its content. */
export function DashboardPage<Data>({
  title,
  description,
  query,
  actions,
  children,
}: {
  title: string
  description: string
  query: UseQueryResult<Data, Error>
  /** Beside the title: e.g. the export of the page's list. */
  actions?: ReactNode
  children: (data: Data) => ReactNode
}) {
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {actions}
      </div>
      {query.isPending && <ListNotice>Loading dashboard...</ListNotice>}
      {query.isError && (
        <ListLoadError
          message={`Failed to load the dashboard: ${query.error.message}`}
          onRetry={() => query.refetch()}
        />
      )}
      {query.data !== undefined && children(query.data)}
    </section>
  )
}
