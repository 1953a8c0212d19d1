import { ORDER_PRIORITIES, ORDER_STATUSES } from '../../../domain/orders/order-work'
import { DetailCard, Field } from '../../components/detail-card'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField, SelectField } from '../../components/ui/form-field'
import { useFieldRecord } from '../holds/api'
import { type OrderDetail, useAssignablePeople } from './api'
import { type EditField, isHoldStatus, type OrderEditor, serverFieldOf } from './use-order-edit'

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

function MarketValue({ market }: { market: OrderDetail['market'] }) {
  return (
    <span title={`Detected by ${market.method.replace(/_/g, ' ')}`}>
      {market.market}
      {market.confidence > 0 && <span className="text-muted-foreground">{` (${market.confidence}%)`}</span>}
    </span>
  )
}

/**
 * Who works the order, and where. In Edit mode, for those who may change its work fields (the
 * server says so: field access, and a field manager's own markets), it also holds the status,
 * priority and due date controls.
 */
export function AssignmentCard({ order, editor }: { order: OrderDetail; editor: OrderEditor }) {
  if (editor.draft && editor.changesWork) return <WorkFieldsCard order={order} editor={editor} />
  return (
    <DetailCard title="Assignment">
      <Field label="Recovery Agent" value={order.assigned_agent?.full_name} />
      <Field label="Camera Car Driver" value={order.assigned_camera_driver?.full_name} />
      <Field label="Market" value={<MarketValue market={order.market} />} />
    </DetailCard>
  )
}

type Person = { id: string; full_name: string }

/**
 * The people to offer: those the server says may work the order, plus whoever is on it now (so
 * the choice shows them even when they no longer qualify, until someone else is chosen).
 */
function choices(people: Person[] | undefined, current: Person | null) {
  const list = people ?? []
  return current && !list.some((person) => person.id === current.id) ? [current, ...list] : list
}

function WorkFieldsCard({ order, editor }: { order: OrderDetail; editor: OrderEditor }) {
  const people = useAssignablePeople(order.id, true)
  const loading = people.isPending ? 'Loading people...' : null
  // No one is put on a stopped case (issue 44) unless this save also moves it off the stop.
  const stopped = useFieldRecord({ subject: 'order', orderId: order.id }).data?.stopped === true
  const noAssigning = stopped && editor.draft?.status === order.status
  const control = (field: EditField) => ({
    id: `order-${field}`,
    value: editor.draft?.[field] ?? '',
    error: editor.errors[field],
    field: serverFieldOf(field),
    disabled: editor.saving,
    onChange: (event: { target: { value: string } }) => editor.change(field, event.target.value),
  })
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Status &amp; Assignment</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Status" {...control('status')}>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </SelectField>
        {editor.draft?.status === 'Repossessed' && order.status !== 'Repossessed' && (
          <FormField label="Repossessed At (blank: now)" type="datetime-local" {...control('repossessed_at')} />
        )}
        {isHoldStatus(editor.draft?.status) && editor.draft?.status !== order.status && (
          <FormField label="Hold reason" maxLength={500} {...control('hold_reason')} />
        )}
        <SelectField label="Priority" {...control('priority')}>
          {ORDER_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {capitalize(priority)}
            </option>
          ))}
        </SelectField>
        <FormField label="Due Date" type="date" {...control('due_date')} />
        {noAssigning && (
          <p className="text-sm text-destructive sm:col-span-2">
            This case is stopped: no one is put on it while it is.
          </p>
        )}
        <SelectField label="Recovery Agent" {...control('assigned_agent_id')} disabled={editor.saving || noAssigning}>
          <option value="">{loading ?? 'Unassigned'}</option>
          {choices(people.data?.agents, order.assigned_agent).map((person) => (
            <option key={person.id} value={person.id}>
              {person.full_name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Camera Car Driver"
          {...control('assigned_camera_driver_id')}
          disabled={editor.saving || noAssigning}
        >
          <option value="">{loading ?? 'Unassigned'}</option>
          {choices(people.data?.cameraDrivers, order.assigned_camera_driver).map((person) => (
            <option key={person.id} value={person.id}>
              {person.full_name}
            </option>
          ))}
        </SelectField>
        {people.data && (
          <p className="text-sm text-muted-foreground sm:col-span-2">
            {people.data.market === null
              ? 'This order has no market: anyone of the role may be chosen.'
              : `People of the order’s market: ${people.data.market}.`}
          </p>
        )}
        {people.isError && (
          <p className="text-sm text-destructive sm:col-span-2">
            {`Could not load the people to choose from: ${people.error.message}`}
          </p>
        )}
      </CardContent>
    </Card>
  )
}
