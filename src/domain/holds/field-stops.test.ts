import { describe, expect, it } from 'vitest'
import { nearestPlaceText } from './evidence'
import { FIELD_STOP_STATUSES, HOLD_STATUSES, stopMessage } from './field-stops'
import { onHookSchema, yieldSchema } from './on-hook'

// 2:14 PM in Alabama on Nov 27, 2026 (UTC-6).
const PLACED = new Date('2026-11-27T20:14:00Z')
const SAME_DAY = new Date('2026-11-27T23:00:00Z')
const NEXT_DAY = new Date('2026-11-28T15:00:00Z')

describe('which statuses stop field work (issue 44)', () => {
  it('holds and the ends of a case; Open, Need Info and Repossessed do not', () => {
    expect([...FIELD_STOP_STATUSES]).toEqual([
      'On Hold',
      'Pending On Hold',
      'Closed',
      'Pending Close',
      'Charged Off',
      'Completed',
    ])
    for (const status of ['Open', 'Need Info', 'Repossessed']) expect(FIELD_STOP_STATUSES).not.toContain(status)
    for (const hold of HOLD_STATUSES) expect(FIELD_STOP_STATUSES).toContain(hold)
  })
})

describe('the refusal a person reads', () => {
  it.each([
    [
      { status: 'On Hold', placedBy: null, source: 'sync', reason: null },
      SAME_DAY,
      'This case was put on hold at 2:14 PM by the lender: do not recover.',
    ],
    [
      { status: 'On Hold', placedBy: null, source: 'import', reason: 'Bankruptcy' },
      SAME_DAY,
      'This case was put on hold at 2:14 PM by the lender: do not recover. Reason: Bankruptcy',
    ],
    [
      { status: 'Closed', placedBy: 'Jane Doe', source: 'person', reason: null },
      SAME_DAY,
      'This case was closed at 2:14 PM by Jane Doe: do not recover.',
    ],
    [
      { status: 'Charged Off', placedBy: null, source: 'person', reason: null },
      NEXT_DAY,
      'This case was charged off on Nov 27, 2026 at 2:14 PM by the office: do not recover.',
    ],
  ])('%o', (stop, now, message) => {
    expect(stopMessage({ ...stop, placedAt: PLACED }, now)).toBe(message)
  })

  it('without a record of when, says what and who alone', () => {
    expect(
      stopMessage({ status: 'Pending Close', placedAt: null, placedBy: null, source: 'system', reason: null }),
    ).toBe('This case was closed (pending) by the office: do not recover.')
  })
})

describe('On-Hook and Yield input', () => {
  const issue = (schema: typeof onHookSchema | typeof yieldSchema, input: unknown) => {
    const parsed = schema.safeParse(input)
    return parsed.success ? null : [parsed.error.issues[0].path.join('.'), parsed.error.issues[0].message]
  }
  it.each([
    [{}, null],
    [{ latitude: 33.5, longitude: -86.8, accuracyM: 5 }, null],
    [{ latitude: 90.5, longitude: 0 }, ['latitude', 'Latitude must be between -90 and 90.']],
    [{ latitude: 10, longitude: 181 }, ['longitude', 'Longitude must be between -180 and 180.']],
    [{ latitude: 10 }, ['longitude', 'Latitude and longitude come together.']],
    [{ accuracyM: -1 }, ['accuracyM', 'Accuracy must be 0 meters or more.']],
    [{ photoFileId: 'photo.jpg' }, ['photoFileId', 'Photo must be an uploaded file.']],
    [{ deviceTime: 'yesterday-ish' }, ['deviceTime', 'Device time must be a date and time.']],
    [{ repossessedAt: '2026-01-01T00:00:00Z' }, ['', 'Unrecognized key: "repossessedAt"']],
  ])('On-Hook %o', (input, expected) => {
    expect(issue(onHookSchema, input)).toEqual(expected)
  })
  it('a Yield needs its reason and address', () => {
    expect(issue(yieldSchema, { address: '1 Elm St' })?.[0]).toBe('reason')
    expect(issue(yieldSchema, { reason: 'vacant' })?.[0]).toBe('address')
    expect(issue(yieldSchema, { reason: 'vacant', address: '1 Elm St' })).toBeNull()
  })
})

describe('how far evidence is from the case', () => {
  const home = { label: 'home', lat: 33.5186, lng: -86.8104 }
  const work = { label: 'work', lat: 33.4, lng: -86.7 }
  it.each([
    [{ lat: 33.52, lng: -86.81 }, [home, work], '0.1 mi from the home address'],
    [{ lat: 33.4, lng: -86.7 }, [home, work], '0.0 mi from the work address'],
    [{ lat: 34.7, lng: -86.6 }, [home], '83 mi from the home address'],
    [{ lat: 33.5, lng: -86.8 }, [], null],
  ])('%o', (position, places, text) => {
    expect(nearestPlaceText(position, places)).toBe(text)
  })
})
