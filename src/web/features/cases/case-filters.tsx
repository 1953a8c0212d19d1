import { X } from 'lucide-react'
import type { CaseListQuery } from '../../../domain/cases/case-list-query'
import { CASE_LIST_STATUSES } from '../../../domain/cases/case-list-search'
import { ListSearchInput, useListSearchText } from '../../components/list-search'
import { asOptions, OptionFilter } from '../../components/option-filter'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { useCaseFilterChoices } from './api'
import type { UpdateCaseListQuery } from './use-case-list-query'

type Props = { query: CaseListQuery; update: UpdateCaseListQuery }

export function CaseFilters({ query, update }: Props) {
  const choices = useCaseFilterChoices()
  const [text, setText] = useListSearchText(query.q, update)
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
      <ListSearchInput
        label="Search cases"
        placeholder="Search case, debtor, vehicle, VIN, lender..."
        value={text}
        onChange={setText}
      />
      <OptionFilter
        label="Status"
        options={asOptions(CASE_LIST_STATUSES)}
        selected={query.status}
        onChange={(status) => update({ status })}
      />
      <OptionFilter
        label="Sub-status"
        options={asOptions(choices.data?.subStatuses ?? [])}
        selected={query.substatus}
        onChange={(substatus) => update({ substatus })}
      />
      <OptionFilter
        label="Market"
        options={asOptions(choices.data?.markets ?? [])}
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
