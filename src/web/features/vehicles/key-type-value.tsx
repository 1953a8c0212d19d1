import { useVinDecode } from './api'

/** The decoded key type: 'Loading...' while the decode runs, `missing` when there is none. */
export function KeyTypeValue({ vin, color, missing }: { vin: string | null; color?: string | null; missing: string }) {
  const decode = useVinDecode(vin, color)
  if (decode.isLoading) {
    return (
      <span className="text-muted-foreground" aria-busy="true">
        Loading...
      </span>
    )
  }
  const keyType = decode.data?.vehicleInfo?.keyType
  if (!keyType) return <>{missing}</>
  return <span title="Estimated from the model year the VIN encodes">{keyType}</span>
}
