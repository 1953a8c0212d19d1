import { useEffect, useState } from 'react'
import { ASSIGNMENT_STATES } from '../../../domain/assignments/assignment-state'
import { Input } from '../../components/ui/input'
import { NativeSelect } from '../../components/ui/native-select'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import type { BoardFilters, People } from './api'

const field = 'flex flex-col gap-1 text-xs font-medium text-muted-foreground'

/** The board's filters, kept in the URL: market, agent (or unassigned), state, update due, search. */
export function BoardFiltersBar({
  filters,
  people,
  scopeMarkets,
  onChange,
}: {
  filters: BoardFilters
  people: People | undefined
  /** The viewer's markets (a field manager's), or null for every market. */
  scopeMarkets: string[] | null
  onChange: (changes: Record<string, string | null>) => void
}) {
  const [search, setSearch] = useState(filters.q ?? '')
  const debounced = useDebouncedValue(search, 300)
  // Only a new debounced value sends a search; the URL's own changes (and a new onChange) do not.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the debounced text alone
  useEffect(() => {
    if ((filters.q ?? '') !== debounced) onChange({ q: debounced || null })
  }, [debounced])
  const markets = scopeMarkets
    ? [...scopeMarkets].sort()
    : [...new Set((people?.agents ?? []).flatMap((agent) => agent.markets))].sort()
  if (filters.market && !markets.includes(filters.market)) markets.unshift(filters.market)
  return (
    <div className="grid grid-cols-2 gap-2 md:grid-cols-5">
      <label className={`${field} col-span-2 md:col-span-1`} htmlFor="board-search">
        Search
        <Input
          id="board-search"
          type="search"
          value={search}
          placeholder="Case, debtor, vehicle, ZIP"
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      <label className={field} htmlFor="board-market">
        Market
        <NativeSelect
          id="board-market"
          value={filters.market ?? ''}
          onChange={(event) => onChange({ market: event.target.value })}
        >
          <option value="">All markets</option>
          {markets.map((market) => (
            <option key={market} value={market}>
              {market}
            </option>
          ))}
        </NativeSelect>
      </label>
      <label className={field} htmlFor="board-agent">
        Agent
        <NativeSelect
          id="board-agent"
          value={filters.agent ?? ''}
          onChange={(event) => onChange({ agent: event.target.value })}
        >
          <option value="">Anyone</option>
          <option value="unassigned">Unassigned</option>
          {people?.agents.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
        </NativeSelect>
      </label>
      <label className={field} htmlFor="board-state">
        State
        <NativeSelect
          id="board-state"
          value={filters.state ?? ''}
          onChange={(event) => onChange({ state: event.target.value })}
        >
          <option value="">Any state</option>
          {ASSIGNMENT_STATES.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </NativeSelect>
      </label>
      <label className={field} htmlFor="board-update">
        Update
        <NativeSelect
          id="board-update"
          value={filters.due ?? ''}
          onChange={(event) => onChange({ due: event.target.value })}
        >
          <option value="">Any</option>
          <option value="yes">Update due</option>
        </NativeSelect>
      </label>
    </div>
  )
}
