import { Search, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import {
  ORDER_LIST_PRIORITIES,
  ORDER_LIST_STATUSES,
  type OrderListQuery,
  UNASSIGNED,
  UNKNOWN_MARKET,
} from '../../../domain/orders/order-list-query'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { NativeSelect } from '../../components/ui/native-select'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { type OrderFilterChoices, useOrderFilterChoices } from './api'
import { asOptions, OptionFilter } from './option-filter'
import type { UpdateOrderListQuery } from './use-order-list-query'

type Props = { query: OrderListQuery; update: UpdateOrderListQuery }

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
const personName = (person: OrderFilterChoices['people'][number]) =>
  [person.first_name, person.last_name].filter(Boolean).join(' ') || person.email

/** One person filter: anyone, nobody ('Unassigned'), or one person of the role (or already chosen). */
function PersonFilter(props: {
  id: string
  label: string
  personRole: string
  value: string | undefined
  people: OrderFilterChoices['people']
  onChange: (value: string | undefined) => void
}) {
  const people = props.people.filter((person) => person.role === props.personRole || person.id === props.value)
  return (
    <label htmlFor={props.id} className="flex items-center gap-1 text-sm text-muted-foreground">
      {props.label}
      <NativeSelect
        id={props.id}
        className="w-44"
        value={props.value ?? ''}
        onChange={(event) => props.onChange(event.target.value || undefined)}
      >
        <option value="">Anyone</option>
        <option value={UNASSIGNED}>Unassigned</option>
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {personName(person)}
          </option>
        ))}
      </NativeSelect>
    </label>
  )
}

function DateFilter(props: {
  id: string
  label: string
  name: string
  value: string | undefined
  onChange: (day?: string) => void
}) {
  return (
    <label htmlFor={props.id} className="flex items-center gap-1 text-sm text-muted-foreground">
      {props.label}
      <Input
        id={props.id}
        type="date"
        aria-label={props.name}
        className="w-40"
        value={props.value ?? ''}
        onChange={(event) => props.onChange(event.target.value || undefined)}
      />
    </label>
  )
}

const CLEARED: Partial<OrderListQuery> = {
  status: [],
  priority: [],
  client: [],
  market: [],
  agent: undefined,
  camera_driver: undefined,
  from: undefined,
  to: undefined,
  due_from: undefined,
  due_to: undefined,
  q: undefined,
}

export function OrderFilterBar({ query, update }: Props) {
  const choices = useOrderFilterChoices().data
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
    query.status.length + query.priority.length + query.client.length + query.market.length > 0 ||
    Boolean(query.agent || query.camera_driver || query.from || query.to || query.due_from || query.due_to || query.q)
  const people = choices?.people ?? []
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="relative w-full min-w-56 flex-1 sm:w-auto">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search orders"
          placeholder="Search case, order, borrower, vehicle, VIN, plate..."
          className="pl-9"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <OptionFilter
        label="Status"
        options={asOptions(ORDER_LIST_STATUSES)}
        selected={query.status}
        onChange={(status) => update({ status: status as OrderListQuery['status'] })}
      />
      <OptionFilter
        label="Priority"
        options={ORDER_LIST_PRIORITIES.map((value) => ({ value, label: capitalize(value) }))}
        selected={query.priority}
        onChange={(priority) => update({ priority: priority as OrderListQuery['priority'] })}
      />
      <OptionFilter
        label="Client"
        options={(choices?.clients ?? []).map((client) => ({ value: client.id, label: client.name }))}
        selected={query.client}
        onChange={(client) => update({ client })}
      />
      <OptionFilter
        label="Market"
        options={asOptions([...(choices?.markets ?? []), UNKNOWN_MARKET])}
        selected={query.market}
        onChange={(market) => update({ market })}
      />
      <PersonFilter
        id="order-filter-agent"
        label="Agent"
        personRole="recovery_agent"
        value={query.agent}
        people={people}
        onChange={(agent) => update({ agent })}
      />
      <PersonFilter
        id="order-filter-camera-driver"
        label="Camera driver"
        personRole="camera_driver"
        value={query.camera_driver}
        people={people}
        onChange={(camera_driver) => update({ camera_driver })}
      />
      <DateFilter
        id="order-filter-from"
        label="Ordered from"
        name="Order date from"
        value={query.from}
        onChange={(from) => update({ from })}
      />
      <DateFilter
        id="order-filter-to"
        label="to"
        name="Order date to"
        value={query.to}
        onChange={(to) => update({ to })}
      />
      <DateFilter
        id="order-filter-due-from"
        label="Due from"
        name="Due date from"
        value={query.due_from}
        onChange={(due_from) => update({ due_from })}
      />
      <DateFilter
        id="order-filter-due-to"
        label="to"
        name="Due date to"
        value={query.due_to}
        onChange={(due_to) => update({ due_to })}
      />
      {filtered && (
        <Button
          variant="ghost"
          onClick={() => {
            setText('')
            update(CLEARED)
          }}
        >
          <X aria-hidden />
          Clear filters
        </Button>
      )}
    </div>
  )
}
