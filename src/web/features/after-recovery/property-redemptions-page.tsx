import { ArrowLeft, Search } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ListLoadError, ListNotice } from '../../components/list-table'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { NativeSelect } from '../../components/ui/native-select'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { cn } from '../../lib/utils'
import type { ReportTarget } from '../condition-reports/api'
import { type InventoryRow, type StageFilter, useInventories } from './property/api'
import { InventoryList, InventoryListSkeleton } from './property/inventory-list'
import { StateRulesSection } from './property/state-rules'
import { PropertyCard } from './property-card'

/** The server's page of inventories. */
const PAGE = 50

const STAGES: { value: StageFilter; label: string }[] = [
  { value: '', label: 'All stages' },
  { value: 'held', label: 'Held' },
  { value: 'notice-due', label: 'Notice due' },
  { value: 'ready', label: 'Ready to dispose' },
  { value: 'closed', label: 'Closed' },
]

/** The case a row or the address names: an order by its id, or an RDN case by its case id. */
function targetOf(params: URLSearchParams): ReportTarget | null {
  const orderId = params.get('order')
  const caseId = params.get('case')
  if (orderId) return { subject: 'order', orderId }
  if (caseId) return { subject: 'case', caseId }
  return null
}

function useListAddress() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const stage = (STAGES.find((entry) => entry.value === params.get('stage'))?.value ?? '') as StageFilter
  const offset = Math.max(0, Number(params.get('offset')) || 0)
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value)
          else next.delete(name)
        }
        return next
      },
      { replace: true },
    )
  const hrefOf = (row: InventoryRow) => {
    const next = new URLSearchParams(params)
    next.delete('order')
    next.delete('case')
    if (row.orderId) next.set('order', row.orderId)
    else if (row.caseId !== null) next.set('case', String(row.caseId))
    return `?${next}`
  }
  const closeHref = () => {
    const next = new URLSearchParams(params)
    next.delete('order')
    next.delete('case')
    return `?${next}`
  }
  return { params, q, stage, offset, update, hrefOf, closeHref, target: targetOf(params) }
}

function Filters({ address }: { address: ReturnType<typeof useListAddress> }) {
  const [text, setText] = useState(address.q)
  const typed = useDebouncedValue(text.trim(), 300)
  const { q, update } = address
  useEffect(() => {
    if (typed !== q) update({ q: typed || null, offset: null })
  }, [typed, q, update])
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1 space-y-2">
        <Label htmlFor="property-search">Search property</Label>
        <div className="relative">
          <Search className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            id="property-search"
            type="search"
            className="pl-9"
            placeholder="Case, debtor or vehicle"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      </div>
      <div className="space-y-2 sm:w-52">
        <Label htmlFor="property-stage">Stage</Label>
        <NativeSelect
          id="property-stage"
          value={address.stage}
          onChange={(event) => update({ stage: event.target.value || null, offset: null })}
        >
          {STAGES.map((entry) => (
            <option key={entry.value} value={entry.value}>
              {entry.label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  )
}

/** /dashboard/property-redemptions: personal property held after recoveries, and what is done with it. */
export function PropertyRedemptionsPage() {
  const address = useListAddress()
  const { q, stage, offset, target } = address
  const list = useInventories({ q, stage, offset })
  const rows = list.data?.inventories ?? []
  const selected =
    target &&
    rows.find((row) =>
      target.subject === 'order' ? row.orderId === target.orderId : String(row.caseId) === target.caseId,
    )
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Property Redemptions</h1>
        <p className="text-sm text-muted-foreground">
          Personal property held after recoveries: notices, pickups, releases and disposals.
        </p>
      </div>
      <div className={cn('grid gap-4', target && 'lg:grid-cols-[minmax(0,1fr)_minmax(0,30rem)]')}>
        <div className={cn('@container min-w-0 space-y-4', target && 'hidden lg:block')}>
          <Filters address={address} />
          {list.isError && (
            <ListLoadError
              message={`Failed to load property: ${list.error.message}`}
              onRetry={() => void list.refetch()}
            />
          )}
          {list.isPending && <InventoryListSkeleton />}
          {list.data && rows.length === 0 && (
            <ListNotice>
              {q || stage
                ? 'No property matches these filters.'
                : 'No personal property is held. Inventories taken on a recovered case show here.'}
            </ListNotice>
          )}
          {rows.length > 0 && <InventoryList rows={rows} selectedId={selected?.id ?? null} hrefOf={address.hrefOf} />}
          {list.data && (offset > 0 || list.data.more) && (
            <div className="flex justify-end gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={offset === 0}
                onClick={() => address.update({ offset: offset > PAGE ? String(offset - PAGE) : null })}
              >
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!list.data.more}
                onClick={() => address.update({ offset: String(offset + rows.length) })}
              >
                Next
              </Button>
            </div>
          )}
        </div>
        {target && (
          <div className="min-w-0 space-y-2" data-testid="property-detail">
            <Button asChild variant="ghost" size="sm" className="-ml-2">
              <Link to={address.closeHref()}>
                <ArrowLeft aria-hidden />
                Back to the list
              </Link>
            </Button>
            <PropertyCard
              key={`${target.subject}-${target.subject === 'order' ? target.orderId : target.caseId}`}
              target={target}
              caseLink
            />
          </div>
        )}
      </div>
      {!target && <StateRulesSection />}
    </section>
  )
}
