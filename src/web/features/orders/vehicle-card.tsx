import { BadgeCheck, TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { IMAGE_NOT_AVAILABLE, isDecodableVin } from '../../../domain/vehicles/vin'
import { CopyButton } from '../../components/copy-button'
import { DetailCard, Field } from '../../components/detail-card'
import { Badge } from '../../components/ui/badge'
import { useVinDecode, type VinDecode } from '../vehicles/api'
import { KeyTypeValue } from '../vehicles/key-type-value'
import type { OrderDetail } from './api'
import { EditableField } from './order-fields'
import type { OrderEditor } from './use-order-edit'

function VehicleImage({ decode, loading }: { decode: VinDecode | undefined; loading: boolean }) {
  const [broken, setBroken] = useState(false)
  if (loading) return <div className="h-32 w-full animate-pulse rounded-md bg-muted" aria-hidden />
  if (!decode?.imageUrl || broken) {
    return (
      <div className="flex h-32 w-full items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground">
        {IMAGE_NOT_AVAILABLE}
      </div>
    )
  }
  return (
    <img
      src={decode.imageUrl}
      alt={[decode.vehicleInfo?.make, decode.vehicleInfo?.model, decode.vehicleInfo?.bodyClass]
        .filter(Boolean)
        .join(' ')}
      className="h-32 w-full rounded-md bg-muted/40 object-contain p-2"
      onError={() => setBroken(true)}
    />
  )
}

function VinBadge({ decode }: { decode: VinDecode | undefined }) {
  if (!decode) return null
  if (decode.error) return <span className="text-xs font-normal text-destructive">{decode.error}</span>
  if (decode.checkDigit.valid) {
    return (
      <Badge className="gap-1 bg-green-700 text-white">
        <BadgeCheck className="size-3" aria-hidden />
        Verified
      </Badge>
    )
  }
  return (
    <Badge
      variant="outline"
      className="gap-1 border-amber-500 text-amber-700 dark:text-amber-300"
      title={`Position 9 should be ${decode.checkDigit.expected ?? '?'}: the VIN may be mistyped`}
    >
      <TriangleAlert className="size-3" aria-hidden />
      Check digit mismatch
    </Badge>
  )
}

/** Vehicle Information (SPEC.md section 2): image, make, model, year, color, VIN, decode, plate. */
export function VehicleCard({ order, editor }: { order: OrderDetail; editor: OrderEditor }) {
  const decode = useVinDecode(order.vin, order.color)
  const info = decode.data?.vehicleInfo
  const decoding = decode.isLoading
  const decoded = (value: string | null | undefined) => (decoding ? 'Loading...' : value || 'N/A')
  return (
    <DetailCard title="Vehicle Information" media={<VehicleImage decode={decode.data} loading={decoding} />}>
      <Field label="Make" value={order.make} />
      <Field label="Model" value={order.model} />
      <Field label="Year" value={order.year ? String(order.year) : null} />
      <EditableField editor={editor} field="color" value={order.color} />
      <Field
        label="VIN"
        value={
          order.vin ? (
            <span className="inline-flex flex-wrap items-center justify-end gap-1">
              <span className="font-mono">{order.vin}</span>
              <CopyButton value={order.vin} label="VIN" />
              {isDecodableVin(order.vin) && <VinBadge decode={decode.data} />}
            </span>
          ) : null
        }
      />
      <Field label="Body Class" value={decoded(info?.bodyClass)} />
      <Field label="Drive Type" value={decoded(info?.driveType)} />
      <Field label="Key Type" value={<KeyTypeValue vin={order.vin} color={order.color} missing="N/A" />} />
      <EditableField editor={editor} field="license_plate" value={order.license_plate} copy={order.license_plate} />
    </DetailCard>
  )
}
