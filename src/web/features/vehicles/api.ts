import { useQuery } from '@tanstack/react-query'
import { isDecodableVin, normalizeVin } from '../../../domain/vehicles/vin'
import type { DecodeVinResponse } from '../../../server/features/vehicles/service'
import { api, readJson } from '../../lib/api'

export type VinDecode = DecodeVinResponse

/**
 * The server's offline decode of a VIN (decode-vin), only for exactly 17 characters
 * (SPEC.md section 5). A VIN's decode never changes, so it is fetched once per page life.
 */
export function useVinDecode(vin: string | null | undefined, color?: string | null) {
  const decodable = isDecodableVin(vin)
  return useQuery({
    queryKey: ['vin-decode', decodable ? normalizeVin(vin) : null, color ?? ''],
    queryFn: async () =>
      readJson<VinDecode>(
        await api.api.vehicles['decode-vin'].$post({
          json: { vin: normalizeVin(vin as string), ...(color ? { color } : {}) },
        }),
      ),
    enabled: decodable,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  })
}
