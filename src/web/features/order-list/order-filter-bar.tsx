import { X } from 'lucide-react'
import { type OrderListQuery, UNASSIGNED, UNKNOWN_MARKET } from '../../../domain/orders/order-list-query'
import { ORDER_PRIORITIES, ORDER_STATUSES } from '../../../domain/orders/order-work'
import { ListSearchInput, useListSearchText } from '../../components/list-search'
import { asOptions, OptionFilter } from '../../components/option-filter'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { NativeSelect } from '../../components/ui/native-select'
import { type OrderFilterChoices, useOrderFilterChoices } from './api'
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
    // The label beside the select, not around it: wrapped, the select's chosen option joins its name.
    <div className="flex w-full items-center gap-1 text-sm text-muted-foreground sm:w-auto">
      <label htmlFor={props.id}>{props.label}</label>
      <NativeSelect
        id={props.id}
        className="flex-1 sm:w-44 sm:flex-none"
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
    </div>
  )
}

/** An inclusive date range: its name, then from and to (on a phone, the name above both). */
function DateRange(props: {
  name: string
  from: string | undefined
  to: string | undefined
  onChange: (from: string | undefined, to: string | undefined) => void
}) {
  return (
    <div className="flex w-full flex-col gap-1 sm:w-auto sm:flex-row sm:items-center">
      <span className="text-sm text-muted-foreground">{props.name}</span>
      <div className="flex items-center gap-1">
        <Input
          type="date"
          aria-label={`${props.name} from`}
          className="w-40"
          value={props.from ?? ''}
          onChange={(event) => props.onChange(event.target.value || undefined, props.to)}
        />
        <span aria-hidden className="text-muted-foreground">
          –
        </span>
        <Input
          type="date"
          aria-label={`${props.name} to`}
          className="w-40"
          value={props.to ?? ''}
          onChange={(event) => props.onChange(props.from, event.target.value || undefined)}
        />
      </div>
    </div>
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
  const [text, setText] = useListSearchText(query.q, update)
  const filtered =
    query.status.length + query.priority.length + query.client.length + query.market.length > 0 ||
    Boolean(query.agent || query.camera_driver || query.from || query.to || query.due_from || query.due_to || query.q)
  const people = choices?.people ?? []
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ListSearchInput
        label="Search orders"
        placeholder="Search case, order, borrower, vehicle, VIN, plate..."
        className="w-full sm:w-auto"
        value={text}
        onChange={setText}
      />
      <OptionFilter
        label="Status"
        options={asOptions(ORDER_STATUSES)}
        selected={query.status}
        onChange={(status) => update({ status: status as OrderListQuery['status'] })}
      />
      <OptionFilter
        label="Priority"
        options={ORDER_PRIORITIES.map((value) => ({ value, label: capitalize(value) }))}
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
      <DateRange name="Order date" from={query.from} to={query.to} onChange={(from, to) => update({ from, to })} />
      <DateRange
        name="Due date"
        from={query.due_from}
        to={query.due_to}
        onChange={(due_from, due_to) => update({ due_from, due_to })}
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
