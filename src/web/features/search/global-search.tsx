import { Search } from 'lucide-react'
import { type KeyboardEvent, useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { displayName } from '../../../domain/profiles/display'
import { Input } from '../../components/ui/input'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { cn } from '../../lib/utils'
import { MIN_SEARCH_LENGTH, useGlobalSearch } from './api'

const DEBOUNCE_MS = 250

type Option = { key: string; kind: 'order' | 'profile'; id: string; title: string; detail: string }

/**
 * The header's search (SPEC.md section 2): orders and people of the company, found on the
 * server. Arrow keys move through the results, Enter opens an order, Escape closes.
 */
export function GlobalSearch() {
  const navigate = useNavigate()
  const listId = useId()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const query = useDebouncedValue(text.trim(), DEBOUNCE_MS)
  const search = useGlobalSearch(query)

  const options: Option[] = [
    ...(search.data?.orders ?? []).map((order) => ({
      key: `order-${order.id}`,
      kind: 'order' as const,
      id: order.id,
      title: order.case_number || order.order_number,
      detail: [order.borrower_name, [order.year, order.make, order.model].filter(Boolean).join(' '), order.vin]
        .filter(Boolean)
        .join(' · '),
    })),
    ...(search.data?.profiles ?? []).map((profile) => ({
      key: `profile-${profile.id}`,
      kind: 'profile' as const,
      id: profile.id,
      title: displayName(profile),
      detail: profile.email,
    })),
  ]

  function choose(option: Option | undefined) {
    // A person's result opens nothing (SPEC.md section 2).
    if (option?.kind !== 'order') return
    navigate(`/order/${option.id}`)
    setText('')
    setOpen(false)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setOpen(true)
      setActive((index) => Math.min(index + 1, options.length - 1))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((index) => Math.max(index - 1, 0))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      choose(options[active])
    } else if (event.key === 'Escape') {
      setOpen(false)
    }
  }

  const showPanel = open && text.trim().length >= MIN_SEARCH_LENGTH
  const searching = query !== text.trim() || search.isFetching
  return (
    <div className="relative w-full max-w-md">
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        role="combobox"
        aria-label="Search"
        aria-expanded={showPanel}
        aria-controls={listId}
        aria-activedescendant={showPanel && options[active] ? `${listId}-${active}` : undefined}
        placeholder="Search orders, agents, cases..."
        className="pl-9"
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setActive(0)
          setOpen(true)
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {showPanel && (
        <div className="absolute left-0 right-0 top-full z-40 mt-1 overflow-hidden rounded-md border bg-card shadow-lg">
          {search.isError ? (
            <p className="px-3 py-2 text-sm text-destructive">Search failed. Try again.</p>
          ) : options.length === 0 ? (
            <p className="px-3 py-2 text-sm text-muted-foreground">
              {searching ? 'Searching...' : 'No results found.'}
            </p>
          ) : (
            <div id={listId} role="listbox" aria-label="Search results" className="max-h-96 overflow-y-auto py-1">
              {options.map((option, index) => (
                // The keyboard stays in the combobox input (aria-activedescendant); options take clicks only.
                // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox input
                <div
                  key={option.key}
                  id={`${listId}-${index}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                  onMouseEnter={() => setActive(index)}
                  className={cn('cursor-pointer px-3 py-2 text-sm', index === active && 'bg-accent')}
                >
                  <span className="mr-2 text-xs uppercase text-muted-foreground">
                    {option.kind === 'order' ? 'Order' : 'Person'}
                  </span>
                  <span className="font-medium">{option.title}</span>
                  <span className="block truncate text-xs text-muted-foreground">{option.detail}</span>
                </div>
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  )
}
