import { describe, expect, it } from 'vitest'
import {
  acceptProblems,
  DEFAULT_PHOTO_SLOTS,
  type ReportDraft,
  reportDraftSchema,
  slotsFromText,
  slotsText,
} from './report'

const FILE = '33333333-3333-4333-8333-333333333333'
const complete = (overrides: Partial<ReportDraft> = {}): ReportDraft => ({
  odometer: 84_211,
  keysPresent: true,
  keyType: 'Smart key',
  drivable: true,
  notes: null,
  photos: DEFAULT_PHOTO_SLOTS.map((slot) => ({ slot, fileId: FILE })),
  damages: [{ area: 'Rear bumper', description: 'Scratch, 6 in', fileId: FILE }],
  ...overrides,
})

describe('accepting a condition report (issue 20)', () => {
  it('accepts a complete report', () => {
    expect(acceptProblems(complete(), DEFAULT_PHOTO_SLOTS)).toEqual([])
  })

  it.each([
    [
      'missing photos',
      { photos: [{ slot: 'vin', fileId: FILE }] },
      'photos',
      'Take the photos still missing: Front left corner, Front right corner, Rear left corner, Rear right corner, Odometer, License plate, Interior.',
    ],
    ['no odometer', { odometer: null }, 'odometer', 'Read the odometer.'],
    [
      'keys unknown',
      { keysPresent: null, keyType: null },
      'keysPresent',
      'Say whether the keys came with the vehicle.',
    ],
    ['keys without a type', { keyType: null }, 'keyType', 'Say what kind of key came with it.'],
    ['drivable unknown', { drivable: null }, 'drivable', 'Say whether the vehicle is drivable.'],
    [
      'a damage mark without a photo',
      { damages: [{ area: 'Hood', description: 'Dent', fileId: null }] },
      'damages.0.fileId',
      'Damage 1 (Hood) needs its photo.',
    ],
  ] as const)('refuses %s, beside the field %s', (_, overrides, field, message) => {
    expect(acceptProblems(complete(overrides as Partial<ReportDraft>), DEFAULT_PHOTO_SLOTS)).toEqual([
      { field, message },
    ])
  })

  it("follows the client's own list of photos", () => {
    const photos = [
      { slot: 'vin', fileId: FILE },
      { slot: 'odometer', fileId: FILE },
    ]
    expect(acceptProblems(complete({ photos }), ['vin', 'odometer'])).toEqual([])
    expect(acceptProblems(complete({ photos }), ['vin', 'odometer', 'engine_bay'])).toEqual([
      { field: 'photos', message: 'Take the photos still missing: engine bay.' },
    ])
  })

  it('keeps no keys with no key type', () => {
    expect(acceptProblems(complete({ keysPresent: false, keyType: null }), DEFAULT_PHOTO_SLOTS)).toEqual([])
  })
})

describe('the report form', () => {
  it.each([
    [{ odometer: -1 }, 'The odometer cannot be negative.'],
    [{ odometer: 1.5 }, 'The odometer is whole miles.'],
    [{ keyType: 'Spoon' }, 'Choose a key type.'],
    [{ photos: [{ slot: '../x', fileId: FILE }] }, 'A photo slot is a short name like front_left.'],
    [{ damages: [{ area: '', description: 'x' }] }, 'Say where the damage is.'],
  ])('refuses %j', (input, message) => {
    const result = reportDraftSchema.safeParse(input)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message)
  })

  it('fills what is left out', () => {
    expect(reportDraftSchema.parse({})).toEqual({
      odometer: null,
      keysPresent: null,
      keyType: null,
      drivable: null,
      notes: null,
      photos: [],
      damages: [],
    })
  })
})

describe('a client photo list typed as text', () => {
  it.each([
    ['', null],
    ['VIN, odometer', ['vin', 'odometer']],
    ['Front left corner, Spare tire\nTrunk', ['front_left', 'spare_tire', 'trunk']],
  ])('%j is %j', (text, slots) => {
    expect(slotsFromText(text)).toEqual(slots)
  })
  it('reads back as labels', () => {
    expect(slotsText(['vin', 'spare_tire'])).toBe('VIN, spare tire')
    expect(slotsText(null)).toBe('')
  })
})
