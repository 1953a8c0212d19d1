import { z } from 'zod'

// Issue 20: the condition report of a recovered vehicle: required photos, odometer, keys,
// drivable, damage marks each with a photo, notes. Accepted, it is locked; a change is a new version.

/** The photos every report needs unless the client names its own list. */
export const DEFAULT_PHOTO_SLOTS = [
  'front_left',
  'front_right',
  'rear_left',
  'rear_right',
  'vin',
  'odometer',
  'plate',
  'interior',
] as const

export const PHOTO_SLOT_LABELS: Record<string, string> = {
  front_left: 'Front left corner',
  front_right: 'Front right corner',
  rear_left: 'Rear left corner',
  rear_right: 'Rear right corner',
  vin: 'VIN',
  odometer: 'Odometer',
  plate: 'License plate',
  interior: 'Interior',
}

export const slotLabel = (slot: string) => PHOTO_SLOT_LABELS[slot] ?? slot.replace(/_/g, ' ')

export const KEY_TYPES = ['Standard', 'Transponder', 'Smart key', 'Fob', 'Valet'] as const

export const REPORT_STATUSES = ['draft', 'accepted'] as const
export type ReportStatus = (typeof REPORT_STATUSES)[number]

export const MAX_ODOMETER = 2_000_000

/** A photo a condition report asks for: a short snake_case name (labelled by slotLabel). */
export const photoSlotSchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, 'A photo slot is a short name like front_left.')

/** What the report form saves while the report is a draft (every field may still be missing). */
export const reportDraftSchema = z.object({
  odometer: z
    .number({ error: 'The odometer must be a number of miles.' })
    .int('The odometer is whole miles.')
    .min(0, 'The odometer cannot be negative.')
    .max(MAX_ODOMETER, 'The odometer is too large.')
    .nullish()
    .transform((value) => value ?? null),
  keysPresent: z
    .boolean()
    .nullish()
    .transform((value) => value ?? null),
  keyType: z
    .enum(KEY_TYPES, { error: 'Choose a key type.' })
    .nullish()
    .transform((value) => value ?? null),
  drivable: z
    .boolean()
    .nullish()
    .transform((value) => value ?? null),
  notes: z
    .string()
    .trim()
    .max(4_000)
    .nullish()
    .transform((value) => value || null),
  photos: z
    .array(z.object({ slot: photoSlotSchema, fileId: z.uuid('Choose a photo.') }))
    .max(60)
    .default([]),
  damages: z
    .array(
      z.object({
        area: z.string().trim().min(1, 'Say where the damage is.').max(80),
        description: z.string().trim().min(1, 'Describe the damage.').max(500),
        fileId: z
          .uuid('Each damage mark needs its photo.')
          .nullish()
          .transform((value) => value ?? null),
      }),
    )
    .max(40)
    .default([]),
})
export type ReportDraft = z.output<typeof reportDraftSchema>

/** Why a draft cannot be accepted yet, each beside its field (a draft's own name), in words a lot manager reads; empty when it can. */
export function acceptProblems(
  draft: ReportDraft,
  requiredSlots: readonly string[],
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = []
  const problem = (field: string, message: string) => problems.push({ field, message })
  const taken = new Set(draft.photos.map((photo) => photo.slot))
  const missing = requiredSlots.filter((required) => !taken.has(required))
  if (missing.length) problem('photos', `Take the photos still missing: ${missing.map(slotLabel).join(', ')}.`)
  if (draft.odometer === null) problem('odometer', 'Read the odometer.')
  if (draft.keysPresent === null) problem('keysPresent', 'Say whether the keys came with the vehicle.')
  if (draft.keysPresent && draft.keyType === null) problem('keyType', 'Say what kind of key came with it.')
  if (draft.drivable === null) problem('drivable', 'Say whether the vehicle is drivable.')
  draft.damages.forEach((damage, index) => {
    if (!damage.fileId) problem(`damages.${index}.fileId`, `Damage ${index + 1} (${damage.area}) needs its photo.`)
  })
  return problems
}

/** A client's photo list as people type it ('VIN, Odometer, Trunk'): known labels to their slots, others snake_cased; blank is the standard list (null). */
export function slotsFromText(text: string): string[] | null {
  const byLabel = new Map(Object.entries(PHOTO_SLOT_LABELS).map(([slot, label]) => [label.toLowerCase(), slot]))
  const slots = text
    .split(/[,\n]/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(
      (entry) =>
        byLabel.get(entry.toLowerCase()) ??
        entry
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '_')
          .replace(/^_+|_+$/g, ''),
    )
  return slots.length ? slots : null
}

/** A client's photo list as the form shows it: labels, comma separated; blank for the standard list. */
export const slotsText = (slots: readonly string[] | null) => (slots?.length ? slots.map(slotLabel).join(', ') : '')
