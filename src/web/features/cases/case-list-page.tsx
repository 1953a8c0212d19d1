import { useDeferredValue, useEffect } from 'react'
import { ExportMenu } from '../../components/export-menu'
import { ListPager } from '../../components/list-pager'
import { ListLoadError, ListNotice } from '../../components/list-table'
import { whenIdle } from '../../lib/when-idle'
import { useCasePage, useLiveCases } from './api'
import { CaseFilters } from './case-filters'
import { CaseTable } from './case-table'
import { DashboardFilterChips } from './dashboard-filter-chips'
import { preloadCaseListSchema, useCaseListQuery } from './use-case-list-query'

/**
 * /dashboard/orders: the external cases, live (SPEC.md sections 2, 4 and 5). Order Management's
 * RDN Cases tab shows it under the page's own heading (`heading={false}`).
 */
export function CaseListPage({ heading = true }: { heading?: boolean }) {
  const { query, update, search } = useCaseListQuery()
  const cases = useCasePage(query)
  useLiveCases()
  // A page of cases renders in a transition, in short slices, so a phone's main thread is never
  // blocked for long when it arrives (issue 21).
  const data = useDeferredValue(cases.data, undefined)
  const shown = data !== undefined
  useEffect(() => (shown ? whenIdle(preloadCaseListSchema) : undefined), [shown])

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        {heading && (
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">Order Management</h1>
            <p className="text-sm text-muted-foreground">External cases, updated live.</p>
          </div>
        )}
        <div className="ml-auto">
          <ExportMenu list="cases" query={search} title="RDN cases" />
        </div>
      </div>
      <CaseFilters query={query} update={update} />
      <DashboardFilterChips query={query} update={update} />
      {cases.isError && (
        <ListLoadError message={`Failed to load cases: ${cases.error.message}`} onRetry={() => cases.refetch()} />
      )}
      {!data && !cases.isError && <ListNotice>Loading cases...</ListNotice>}
      {data && data.cases.length === 0 && <ListNotice>No cases match these filters.</ListNotice>}
      {data && data.cases.length > 0 && <CaseTable rows={data.cases} query={query} update={update} />}
      {data && (
        <ListPager
          page={query.page}
          shown={data}
          rows={data.cases.length}
          onPage={(page) => update({ page })}
          countTestId="case-count"
        />
      )}
    </section>
  )
}
