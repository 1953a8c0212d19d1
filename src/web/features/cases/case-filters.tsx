import { Search, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { CASE_LIST_STATUSES, type CaseListQuery } from '../../../domain/cases/case-list-query'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { useCaseFilterChoices } from './api'
import { MultiSelectFilter } from './multi-select-filter'
import type { UpdateCaseListQuery } from './use-case-list-query'

type Props = { query: CaseListQuery; update: UpdateCaseListQuery }

export function CaseFilters({ query, update }: Props) {
  const choices = useCaseFilterChoices()
  const [text, setText] = useState(query.q ?? '')
  const debounced = useDebouncedValue(text.trim(), 300)
  // The last search this box and the URL agreed on: typing moves the URL, Back/Forward the box.
  const agreed = useRef(query.q ?? '')
  useEffect(() => {
    const fromUrl = query.q ?? ''
    if (fromUrl !== agreed.current) {
      agreed.current = fromUrl
      setText(fromUrl)
    }
  }, [query.q])
  useEffect(() => {
    if (debounced === agreed.current) return
    agreed.current = debounced
    update({ q: debounced || undefined }, { replace: true })
  }, [debounced, update])

  const filtered =
    query.status.length + query.substatus.length + query.market.length > 0 ||
    query.from ||
    query.to ||
    query.q ||
    query.repo_from ||
    query.repo_to ||
    query.lender ||
    query.agent ||
    query.stale
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="relative min-w-56 flex-1">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search cases"
          placeholder="Search case, debtor, vehicle, VIN, lender..."
          className="pl-9"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <MultiSelectFilter
        label="Status"
        options={CASE_LIST_STATUSES}
        selected={query.status}
        onChange={(status) => update({ status })}
      />
      <MultiSelectFilter
        label="Sub-status"
        options={choices.data?.subStatuses ?? []}
        selected={query.substatus}
        onChange={(substatus) => update({ substatus })}
      />
      <MultiSelectFilter
        label="Market"
        options={choices.data?.markets ?? []}
        selected={query.market}
        onChange={(market) => update({ market })}
      />
      <label htmlFor="case-filter-from" className="flex items-center gap-1 text-sm text-muted-foreground">
        From
        <Input
          id="case-filter-from"
          type="date"
          aria-label="Order date from"
          className="w-40"
          value={query.from ?? ''}
          onChange={(event) => update({ from: event.target.value || undefined })}
        />
      </label>
      <label htmlFor="case-filter-to" className="flex items-center gap-1 text-sm text-muted-foreground">
        To
        <Input
          id="case-filter-to"
          type="date"
          aria-label="Order date to"
          className="w-40"
          value={query.to ?? ''}
          onChange={(event) => update({ to: event.target.value || undefined })}
        />
      </label>
      {filtered && (
        <Button
          variant="ghost"
          onClick={() => {
            setText('')
            update({
              status: [],
              substatus: [],
              market: [],
              from: undefined,
              to: undefined,
              q: undefined,
              repo_from: undefined,
              repo_to: undefined,
              lender: undefined,
              agent: undefined,
              stale: undefined,
            })
          }}
        >
          <X aria-hidden />
          Clear filters
        </Button>
      )}
    </div>
  )
}
