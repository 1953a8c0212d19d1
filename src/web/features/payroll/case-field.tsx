import { X } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { useFieldProblem } from '../../components/ui/form-problems'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { MIN_SEARCH_LENGTH, useGlobalSearch } from '../search/api'

/** The case a manual line is tied to: one of our orders (found by search, or its id pasted) or an RDN case by its id. */
export type CaseChoice = { order: { id: string; label: string } | null; rdnCaseId: string }

export const NO_CASE: CaseChoice = { order: null, rdnCaseId: '' }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What the API takes for the choice: `orderId` or `caseId`, or neither. */
export function caseRefOf(choice: CaseChoice): { orderId?: string; caseId?: number } {
  if (choice.order) return { orderId: choice.order.id }
  const text = choice.rdnCaseId.trim()
  return text ? { caseId: Number(text) } : {}
}

type Props = { value: CaseChoice; onChange: (value: CaseChoice) => void; error?: string; required: boolean }

export function CaseField({ value, onChange, error, required }: Props) {
  const [text, setText] = useState('')
  const query = useDebouncedValue(text.trim(), 250)
  const search = useGlobalSearch(UUID.test(query) ? '' : query)
  const orders = search.data?.orders ?? []
  const pasted = UUID.test(text.trim()) ? text.trim() : null
  // The server's reason about the order: beside the search, or below the chosen order.
  const orderProblem = useFieldProblem('orderId', value.order ? 'entry-change-case' : 'entry-order-search')
  const shownError = error ?? (value.order ? orderProblem : undefined)

  const pick = (order: { id: string; label: string }) => {
    onChange({ order, rdnCaseId: '' })
    setText('')
  }

  return (
    <fieldset className="space-y-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Case{required ? '' : ' (optional)'}</legend>
      {value.order ? (
        <div className="flex items-center justify-between gap-2 text-sm">
          <span>
            Order <span className="font-medium">{value.order.label}</span>
          </span>
          <Button
            id="entry-change-case"
            type="button"
            size="sm"
            variant="ghost"
            aria-describedby={shownError ? 'entry-case-error' : undefined}
            onClick={() => onChange(NO_CASE)}
          >
            <X aria-hidden />
            Change case
          </Button>
        </div>
      ) : (
        <>
          <div className="space-y-2">
            <FormField
              id="entry-order-search"
              label="Find an order (case number, VIN, debtor, or the order's id)"
              type="search"
              autoComplete="off"
              value={text}
              onChange={(event) => setText(event.target.value)}
              error={orderProblem}
            />
            {pasted && (
              <Button type="button" size="sm" variant="outline" onClick={() => pick({ id: pasted, label: pasted })}>
                Use order id {pasted}
              </Button>
            )}
            {!pasted && query.length >= MIN_SEARCH_LENGTH && (
              <div className="text-sm">
                {search.isFetching && orders.length === 0 && <p className="text-muted-foreground">Searching...</p>}
                {search.isError && <p className="text-destructive">Search failed. Try again.</p>}
                {!search.isFetching && !search.isError && orders.length === 0 && (
                  <p className="text-muted-foreground">No order matches.</p>
                )}
                {orders.length > 0 && (
                  <ul aria-label="Matching orders" className="max-h-48 divide-y overflow-y-auto rounded-md border">
                    {orders.map((order) => {
                      const label = order.case_number || order.order_number
                      const detail = [
                        order.borrower_name,
                        [order.year, order.make, order.model].filter(Boolean).join(' '),
                      ]
                        .filter(Boolean)
                        .join(' · ')
                      return (
                        <li key={order.id}>
                          <button
                            type="button"
                            className="w-full px-3 py-2 text-left hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                            onClick={() => pick({ id: order.id, label })}
                          >
                            <span className="font-medium">{label}</span>
                            {detail && <span className="block truncate text-xs text-muted-foreground">{detail}</span>}
                          </button>
                        </li>
                      )
                    })}
                  </ul>
                )}
              </div>
            )}
          </div>
          <FormField
            id="entry-rdn-case"
            label="Or an RDN case id"
            inputMode="numeric"
            value={value.rdnCaseId}
            field="caseId"
            onChange={(event) => onChange({ order: null, rdnCaseId: event.target.value.replace(/\D/g, '') })}
          />
        </>
      )}
      {shownError && (
        <p id="entry-case-error" className="text-sm text-destructive">
          {shownError}
        </p>
      )}
    </fieldset>
  )
}
