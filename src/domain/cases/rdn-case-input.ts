import { z } from 'zod'

/** An empty cell (CSV) or a blank string means no value. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value)

const optionalText = (max = 300) =>
  z.preprocess(
    blankToNull,
    z
      .union([z.string(), z.number()])
      .transform((value) => String(value).trim())
      .pipe(
        z
          .string()
          .max(max)
          .refine((value) => !value.includes('\u0000'), 'must not contain a NUL character'),
      )
      .nullish()
      .transform((value) => value ?? null),
  )

const optionalDay = z.preprocess(
  blankToNull,
  z.iso
    .date('must be a real date like 2025-01-31')
    .nullish()
    .transform((value) => value ?? null),
)

/**
 * One external case as an integration sends it: case_id is the key; every other field of
 * SPEC.md section 3 is optional. Unknown fields are ignored.
 */
export const rdnCaseInputSchema = z.object({
  case_id: z.coerce.number().int('must be a whole number').positive('must be positive').max(Number.MAX_SAFE_INTEGER),
  case_number: optionalText(100),
  order_type: optionalText(100),
  status: optionalText(50),
  substatus: optionalText(1000),
  priority: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() || null : value),
    z
      .enum(['normal', 'high'])
      .nullish()
      .transform((value) => value ?? 'normal'),
  ),
  make: optionalText(100),
  model: optionalText(100),
  year: z
    .preprocess((value) => blankToNull(value) ?? undefined, z.coerce.number().int().min(1900).max(2100).optional())
    .transform((value) => value ?? null),
  color: optionalText(50),
  vin: optionalText(32),
  order_date: optionalDay,
  repo_date: optionalDay,
  close_date: optionalDay,
  close_reason: optionalText(),
  lender_name: optionalText(),
  lender_phone: optionalText(50),
  lender_type: optionalText(100),
  lienholder_name: optionalText(),
  debtor_name: optionalText(),
  debtor_first_name: optionalText(100),
  debtor_middle_initial: optionalText(10),
  debtor_last_name: optionalText(100),
  debtor_address: optionalText(),
  debtor_city: optionalText(100),
  debtor_state: optionalText(50),
  debtor_zip: optionalText(20),
  debtor_phone: optionalText(50),
  debtor_work_address: optionalText(),
  additional_address: optionalText(),
  additional_city: optionalText(100),
  additional_state: optionalText(50),
  additional_zip: optionalText(20),
  vehicle_license_state: optionalText(10),
  vehicle_license_number: optionalText(20),
  recovery_address: optionalText(),
  recovery_city: optionalText(100),
  recovery_state: optionalText(50),
  recovery_zip: optionalText(20),
  assigned_agent_id: optionalText(50),
  is_violent: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z
      .union([z.boolean(), z.enum(['true', 'false', 'yes', 'no', 'y', 'n', '1', '0', ''])])
      .nullish()
      .transform((value) => value === true || value === 'true' || value === 'yes' || value === 'y' || value === '1'),
  ),
  time_marked_repossessed: z.preprocess(
    blankToNull,
    z.iso
      .datetime({ offset: true })
      .nullish()
      .transform((value) => value ?? null),
  ),
  vendor_branch_name: optionalText(),
  storage_location_name: optionalText(),
  lot_processing_status: optionalText(100),
  // Issue 44: a hold from the lender, with why. `hold: true` puts the case On Hold; the reason is
  // kept with the status (rdn_cases.hold_reason), so the hold's record says why.
  hold: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : (value ?? undefined)),
    z
      .union([z.boolean(), z.enum(['true', 'false', 'yes', 'no', 'y', 'n', '1', '0'])], {
        error: 'must be true or false',
      })
      .optional()
      .transform((value) => value === true || value === 'true' || value === 'yes' || value === 'y' || value === '1'),
  ),
  hold_reason: optionalText(1000),
})
/** One external case as written: `hold` is not a column, it sets the status. */
export type RdnCaseInput = Omit<z.infer<typeof rdnCaseInputSchema>, 'hold'>

/** The status a `hold: true` in the batch sets. */
export const SYNC_HOLD_STATUS = 'On Hold'

/** Largest batch one sync request may carry. */
export const MAX_SYNC_BATCH = 1_000

export type RowProblem = { index: number; caseId: unknown; errors: string[] }

export type ValidRdnCase = {
  row: RdnCaseInput /** The fields the sender included: only these are written. */
  sent: string[]
}

const SCHEMA_FIELDS = new Set(Object.keys(rdnCaseInputSchema.shape))
/** Fields of a row that are not columns of their own: the key, and the hold flag (it sets the status). */
const NOT_WRITTEN = new Set(['case_id', 'hold'])

/**
 * Splits a batch into valid rows (with the fields each one sent) and per-row problems (field:
 * reason), keeping the order. When a case_id appears twice, only its last copy counts.
 */
export function validateRdnCases(rows: unknown[]): { valid: ValidRdnCase[]; problems: RowProblem[] } {
  const lastIndexOf = new Map<string, number>()
  rows.forEach((row, index) => {
    lastIndexOf.set(String((row as { case_id?: unknown } | null)?.case_id), index)
  })
  const valid: ValidRdnCase[] = []
  const problems: RowProblem[] = []
  rows.forEach((row, index) => {
    if (lastIndexOf.get(String((row as { case_id?: unknown } | null)?.case_id)) !== index) return
    const parsed = rdnCaseInputSchema.safeParse(row)
    if (parsed.success) {
      const { hold, ...data } = parsed.data
      const sent = Object.keys(row as object).filter((key) => SCHEMA_FIELDS.has(key) && !NOT_WRITTEN.has(key))
      // A hold flag sets the status (On Hold), whatever status the row sent with it.
      if (hold) valid.push({ row: { ...data, status: SYNC_HOLD_STATUS }, sent: [...new Set([...sent, 'status'])] })
      else valid.push({ row: data, sent })
    } else {
      problems.push({
        index,
        caseId: (row as { case_id?: unknown } | null)?.case_id ?? null,
        errors: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'row'}: ${issue.message}`),
      })
    }
  })
  return { valid, problems }
}
