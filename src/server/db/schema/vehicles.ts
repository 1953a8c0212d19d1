import type { ColumnType } from 'kysely'
import type { CreatedAt } from './columns'

export type VinDecodesTable = {
  vin: string
  make: string | null
  model: string | null
  model_year: number | null
  body_class: string | null
  drive_type: string | null
  check_digit_valid: boolean
  check_digit_expected: string | null
  /** Written as JSON text. */
  problems: ColumnType<string[], string, string>
  failed: boolean
  decoder: string
  decoded_at: CreatedAt
}
