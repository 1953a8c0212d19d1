import { RefreshCw } from 'lucide-react'
import { ExportMenu } from '../../components/export-menu'
import { ListPager } from '../../components/list-pager'
import { Button } from '../../components/ui/button'
import { useCasePage, useLiveCases } from './api'
import { CaseFilters } from './case-filters'
import { CaseTable } from './case-table'
import { DashboardFilterChips } from './dashboard-filter-chips'
import { useCaseListQuery } from './use-case-list-query'

/**
 * /dashboard/orders: the external cases, live (SPEC.md sections 2, 4 and 5). Order Management's
 * RDN Cases tab shows it under the page's own heading (`heading={false}`).
 */
export function CaseListPage({ heading = true }: { heading?: boolean }) {
  const { query, update, search } = useCaseListQuery()
  const cases = useCasePage(query)
  useLiveCases()
  const data = cases.data

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
        <div
          role="alert"
          className="flex items-center justify-between rounded-lg border border-destructive/40 p-4 text-sm text-destructive"
        >
          {`Failed to load cases: ${cases.error.message}`}
          <Button variant="outline" size="sm" onClick={() => cases.refetch()}>
            <RefreshCw aria-hidden />
            Retry
          </Button>
        </div>
      )}
      {cases.isPending && <p className="py-12 text-center text-muted-foreground">Loading cases...</p>}
      {data && data.cases.length === 0 && (
        <p className="py-12 text-center text-muted-foreground">No cases match these filters.</p>
      )}
      {data && data.cases.length > 0 && <CaseTable rows={data.cases} query={query} update={update} search={search} />}
      {data && data.total > 0 && (
        <ListPager
          page={query.page}
          shown={{
            page: data.page,
            pageSize: data.pageSize,
            rows: data.cases.length,
            total: data.total,
            totalIsCapped: data.totalIsCapped,
          }}
          onPage={(page) => update({ page })}
          countTestId="case-count"
        />
      )}
    </section>
  )
}
