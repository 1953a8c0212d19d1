import { estimateKeyType } from '../../../domain/vehicles/key-type'
import { shapeForBodyClass } from '../../../domain/vehicles/vehicle-image'
import { normalizeVin, VIN_DECODE_FAILED } from '../../../domain/vehicles/vin'
import type { AppDeps } from '../../app-env'
import type { VinDecodesTable } from '../../db/schema'
import { VIN_DECODER_NAME } from '../../integrations/vin/vpic-database'

/** The 33 characters a VIN may hold (never I, O or Q): anything else is not worth a decode. */
const VIN_CHARACTERS = /^[A-HJ-NPR-Z0-9]{17}$/

type CachedDecode = Omit<VinDecodesTable, 'problems' | 'decoded_at'> & { problems: string[] }

/** SPEC.md section 7's decode-vin response, plus what else the decode tells a person. */
export type DecodeVinResponse = {
  imageUrl: string | null
  vehicleInfo: {
    bodyClass: string | null
    driveType: string | null
    keyType: string | null
    make: string | null
    model: string | null
    year: number | null
  } | null
  checkDigit: { valid: boolean; expected: string | null }
  problems: string[]
  error: string | null
}

/**
 * Decodes a 17-character VIN offline, from the shared cache when another request already did.
 * `color` only paints the image. A decoder crash is 'Failed to decode VIN', never a 500.
 */
export async function decodeVin(deps: AppDeps, vinText: string, color?: string): Promise<DecodeVinResponse> {
  const vin = normalizeVin(vinText)
  if (!VIN_CHARACTERS.test(vin)) {
    return {
      imageUrl: null,
      vehicleInfo: null,
      checkDigit: { valid: false, expected: null },
      problems: ['A VIN uses only digits and the letters A-Z except I, O and Q.'],
      error: VIN_DECODE_FAILED,
    }
  }
  let decode = await readCachedDecode(deps, vin)
  if (!decode) {
    try {
      decode = await decodeAndCache(deps, vin)
    } catch (error) {
      deps.logger.warn({ err: error }, 'VIN decoding failed')
      return {
        imageUrl: null,
        vehicleInfo: null,
        checkDigit: { valid: false, expected: null },
        problems: [],
        error: VIN_DECODE_FAILED,
      }
    }
  }
  return toResponse(decode, color)
}

async function readCachedDecode(deps: AppDeps, vin: string): Promise<CachedDecode | undefined> {
  // Only this decoder version's answers: a newer corgi decodes again.
  const row = await deps.db
    .selectFrom('vin_decodes')
    .selectAll()
    .where('vin', '=', vin)
    .where('decoder', '=', VIN_DECODER_NAME)
    .executeTakeFirst()
  return row ? { ...row, problems: row.problems ?? [] } : undefined
}

async function decodeAndCache(deps: AppDeps, vin: string): Promise<CachedDecode> {
  const decoded = await deps.vinDecoder.decode(vin)
  const row: CachedDecode = {
    vin,
    make: decoded.make,
    model: decoded.model,
    model_year: decoded.modelYear,
    body_class: decoded.bodyClass,
    drive_type: decoded.driveType,
    check_digit_valid: decoded.checkDigit.valid,
    check_digit_expected: decoded.checkDigit.expected,
    problems: decoded.problems,
    failed: decoded.failed,
    decoder: VIN_DECODER_NAME,
  }
  await deps.db
    .insertInto('vin_decodes')
    .values({ ...row, problems: JSON.stringify(row.problems) })
    .onConflict((conflict) =>
      conflict.column('vin').doUpdateSet((eb) => ({
        make: eb.ref('excluded.make'),
        model: eb.ref('excluded.model'),
        model_year: eb.ref('excluded.model_year'),
        body_class: eb.ref('excluded.body_class'),
        drive_type: eb.ref('excluded.drive_type'),
        check_digit_valid: eb.ref('excluded.check_digit_valid'),
        check_digit_expected: eb.ref('excluded.check_digit_expected'),
        problems: eb.ref('excluded.problems'),
        failed: eb.ref('excluded.failed'),
        decoder: eb.ref('excluded.decoder'),
      })),
    )
    .execute()
  return row
}

function toResponse(decode: CachedDecode, color: string | undefined): DecodeVinResponse {
  const checkDigit = { valid: decode.check_digit_valid, expected: decode.check_digit_expected }
  if (decode.failed) {
    return { imageUrl: null, vehicleInfo: null, checkDigit, problems: decode.problems, error: VIN_DECODE_FAILED }
  }
  const shape = shapeForBodyClass(decode.body_class)
  const colorQuery = color?.trim() ? `?color=${encodeURIComponent(color.trim())}` : ''
  return {
    imageUrl: shape ? `/api/vehicles/images/${shape}.svg${colorQuery}` : null,
    vehicleInfo: {
      bodyClass: decode.body_class,
      driveType: decode.drive_type,
      keyType: estimateKeyType(decode.model_year, decode.body_class),
      make: decode.make,
      model: decode.model,
      year: decode.model_year,
    },
    checkDigit,
    problems: decode.problems,
    error: null,
  }
}
