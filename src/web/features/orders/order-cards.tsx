import { formatRepossessedAt } from '../../../domain/cases/repossession'
import { formatCaseDate, formatDateTime } from '../../../domain/formats/dates'
import { formatCoordinates, parseCoordinates } from '../../../domain/geo/coordinates'
import type { FeeRequestStatus } from '../../../domain/orders/fee-requests'
import { address, DetailCard, Field } from '../../components/detail-card'
import { Badge } from '../../components/ui/badge'
import { CorrectRepossession } from '../repossession/correct-repossession'
import { type OrderDetail, useGeocode } from './api'
import { AddressInputs, EditableField, MappedAddress } from './order-fields'
import type { OrderEditor } from './use-order-edit'

export function BorrowerCard({ order, editor }: { order: OrderDetail; editor: OrderEditor }) {
  const home = address(order.borrower_address, order.borrower_city, order.borrower_state, order.borrower_zip)
  const work = address(
    order.borrower_work_address,
    order.borrower_work_city,
    order.borrower_work_state,
    order.borrower_work_zip,
  )
  return (
    <DetailCard title="Borrower Information">
      <EditableField editor={editor} field="borrower_name" value={order.borrower_name} />
      <EditableField editor={editor} field="borrower_phone" value={order.borrower_phone} copy={order.borrower_phone} />
      {editor.draft ? (
        <>
          <AddressInputs
            editor={editor}
            title="Home address"
            fields={['borrower_address', 'borrower_city', 'borrower_state', 'borrower_zip']}
          />
          <AddressInputs
            editor={editor}
            title="Work address"
            fields={['borrower_work_address', 'borrower_work_city', 'borrower_work_state', 'borrower_work_zip']}
          />
        </>
      ) : (
        <>
          <Field label="Home Address" value={home && <MappedAddress text={home} />} />
          <Field label="Work Address" value={work && <MappedAddress text={work} />} />
        </>
      )}
    </DetailCard>
  )
}

/** The last spotted place: coordinates in 6 decimals with the nearest named place, or the text. */
function SpottedLocation({ location }: { location: string }) {
  const coordinates = parseCoordinates(location)
  const place = useGeocode(coordinates ? location : null)
  if (!coordinates) return <MappedAddress text={location} />
  const near = place.data?.success ? place.data.formattedAddress : null
  return (
    <span className="inline-flex flex-col items-end">
      <MappedAddress text={formatCoordinates(coordinates)} mapQuery={`${coordinates.lat},${coordinates.lng}`} />
      {near && <span className="text-xs font-normal text-muted-foreground">{`Near ${near}`}</span>}
    </span>
  )
}

export function RecoveryCard({ order }: { order: OrderDetail }) {
  const lastKnown = address(
    order.last_known_address,
    order.last_known_city,
    order.last_known_state,
    order.last_known_zip,
  )
  const recovery = address(order.recovery_location, order.recovery_city, order.recovery_state, order.recovery_zip)
  return (
    <DetailCard title="Recovery Information">
      <Field label="Last Known Location" value={lastKnown && <MappedAddress text={lastKnown} />} />
      <Field
        label="Last Spotted Location"
        value={order.last_spotted_location && <SpottedLocation location={order.last_spotted_location} />}
      />
      <Field label="Last Spotted At" value={order.last_spotted_at ? formatDateTime(order.last_spotted_at) : null} />
      <Field label="Recovery Address" value={recovery && <MappedAddress text={recovery} />} />
      <Field label="Recovery Date" value={order.repossessed_at ? formatRepossessedAt(order.repossessed_at) : null} />
      <Field label="Condition Notes" value={order.condition_notes} />
    </DetailCard>
  )
}

export function ClientCard({ order }: { order: OrderDetail }) {
  return (
    <DetailCard title="Client">
      <Field label="Client Name" value={order.client?.name} />
      <Field label="Client Code" value={order.client?.client_code} copy={order.client?.client_code} />
      <Field label="Lienholder" value={order.lienholder_name} />
    </DetailCard>
  )
}

const FEE_STATUS_VARIANT: Record<FeeRequestStatus, 'default' | 'secondary' | 'destructive'> = {
  approved: 'default',
  requested: 'secondary',
  declined: 'destructive',
}

export function FeeRequestsCard({ order }: { order: OrderDetail }) {
  return (
    <DetailCard title="Fee Requests">
      {order.fee_requests.length === 0 ? (
        // A <dl> holds only dt/dd pairs: the empty state is one, its term for screen readers only.
        <div>
          <dt className="sr-only">Fee requests</dt>
          <dd className="text-muted-foreground">No fee requests</dd>
        </div>
      ) : (
        order.fee_requests.map((request) => (
          <div key={`${request.code}-${request.assignedAt}`} className="flex items-center justify-between gap-3">
            <dt>
              <span className="font-medium">{`${request.type} Fee`}</span>
              <span className="ml-2 text-xs text-muted-foreground">{formatDateTime(request.assignedAt)}</span>
            </dt>
            <dd>
              <Badge variant={FEE_STATUS_VARIANT[request.status]} className="capitalize">
                {request.status}
              </Badge>
            </dd>
          </div>
        ))
      )}
    </DetailCard>
  )
}

export function TimelineCard({ order }: { order: OrderDetail }) {
  return (
    <DetailCard title="Timeline">
      <Field label="Created" value={formatDateTime(order.created_at)} />
      <Field label="Last Updated" value={formatDateTime(order.updated_at)} />
      <Field label="Due Date" value={order.due_date ? formatCaseDate(order.due_date) : null} />
      <Field
        label="Repossessed"
        value={
          order.repossessed_at || (order.can_change_work && order.status === 'Repossessed') ? (
            <span className="inline-flex items-center gap-2">
              <span data-testid="order-repossessed-at">{formatRepossessedAt(order.repossessed_at)}</span>
              {order.can_change_work && (
                <CorrectRepossession target={{ orderId: order.id }} moment={order.repossessed_at} />
              )}
            </span>
          ) : null
        }
      />
      <Field label="Closed" value={order.close_date ? formatCaseDate(order.close_date) : null} />
    </DetailCard>
  )
}

/** Who found the vehicle (camera car) and who recovered it, when either happened (recovered: the order's repossession moment). */
export function FindAndRecoveryCard({ order }: { order: OrderDetail }) {
  if (!order.found_by && !order.recovered_by) return null
  return (
    <DetailCard title="Found & Recovered">
      {order.found_by && (
        <>
          <Field label="Found By" value={order.found_by.driver?.full_name} />
          <Field label="Found At" value={formatDateTime(order.found_by.found_at)} />
          <Field
            label="Found Location"
            value={order.found_by.location && <MappedAddress text={order.found_by.location} />}
          />
        </>
      )}
      {order.recovered_by && (
        <>
          <Field label="Recovered By" value={order.recovered_by.agent?.full_name} />
          <Field
            label="Recovered At"
            value={
              order.repossessed_at
                ? formatRepossessedAt(order.repossessed_at)
                : formatDateTime(order.recovered_by.completed_at)
            }
          />
        </>
      )}
    </DetailCard>
  )
}
