import { describe, expect, it } from 'vitest'
import { KEY_JOB_LABELS, nextKeyJobState } from './key-jobs'
import { profileMarkets } from './markets'
import { caseWorkItem, formatAddress, orderWorkItem } from './work-item'
import { recoveryRate } from './work-statuses'

describe('key jobs', () => {
  it.each([
    [null, 'requested'],
    ['requested', 'scheduled'],
    ['scheduled', 'key_made'],
    ['key_made', null],
  ] as const)('after %s comes %s', (state, next) => {
    expect(nextKeyJobState(state)).toBe(next)
  })

  it('names each step', () => {
    expect(KEY_JOB_LABELS).toEqual({
      needed: 'Keys needed',
      requested: 'Locksmith requested',
      scheduled: 'Locksmith scheduled',
      key_made: 'Key made',
    })
  })
})

describe('profile markets', () => {
  it.each([
    [null, []],
    ['', []],
    ['Mobile', ['Mobile']],
    ['Mobile, Birmingham', ['Mobile', 'Birmingham']],
    ['Mobile;Birmingham; Mobile', ['Mobile', 'Birmingham']],
    [' , ', []],
  ])('%j works %j', (market, markets) => {
    expect(profileMarkets(market)).toEqual(markets)
  })
})

describe('recovery rate', () => {
  it.each([
    [1, 2, 0.5],
    [0, 4, 0],
    [3, 3, 1],
    [0, 0, null],
  ])('%i of %i is %s', (recovered, assigned, rate) => {
    expect(recoveryRate(recovered, assigned)).toBe(rate)
  })
})

describe('work items', () => {
  it.each([
    ['1 Main St', 'Mobile', 'AL', '36602', '1 Main St, Mobile, AL 36602'],
    [null, 'Mobile', 'AL', null, 'Mobile, AL'],
    ['1 Main St', null, null, '36602', '1 Main St, 36602'],
    ['  ', null, null, null, null],
  ])('formats %j %j %j %j as %j', (street, city, state, zip, address) => {
    expect(formatAddress(street, city, state, zip)).toBe(address)
  })

  const order = {
    id: 'o-1',
    order_number: 'ORD-1',
    case_number: null,
    year: 2019,
    make: 'Toyota',
    model: 'Camry',
    color: 'Blue',
    license_plate: 'AL 3BC-123',
    vin: null,
    borrower_name: 'Dana Smith',
    borrower_address: '9 Home Rd',
    borrower_city: 'Mobile',
    borrower_state: 'AL',
    borrower_zip: '36602',
    last_known_address: null,
    last_known_city: null,
    last_known_state: null,
    last_known_zip: null,
    status: 'Open',
    detected_market: 'Mobile',
    updated_at: '2026-11-23T10:00:00Z',
  }

  it('reads an order: its number, vehicle, and the last known place before the home address', () => {
    expect(orderWorkItem(order)).toMatchObject({
      kind: 'order',
      href: '/order/o-1',
      number: 'ORD-1',
      vehicle: '2019 Toyota Camry',
      address: '9 Home Rd, Mobile, AL 36602',
      zip: '36602',
    })
    const seen = orderWorkItem({
      ...order,
      case_number: 'C-9',
      last_known_address: '4 Lot Ave',
      last_known_zip: '36604',
    })
    expect(seen).toMatchObject({ number: 'C-9', address: '4 Lot Ave, 36604', zip: '36604' })
  })

  it('reads a case: plate from state and number, debtor name from its parts, the additional address without a home one', () => {
    const item = caseWorkItem({
      case_id: 700001,
      case_number: null,
      year: null,
      make: null,
      model: null,
      color: null,
      vehicle_license_state: 'AL',
      vehicle_license_number: '3BC123',
      vin: null,
      debtor_name: null,
      debtor_first_name: 'Dana',
      debtor_middle_initial: 'Q',
      debtor_last_name: 'Smith',
      debtor_address: null,
      debtor_city: null,
      debtor_state: null,
      debtor_zip: null,
      additional_address: '2 Work St',
      additional_city: 'Mobile',
      additional_state: 'AL',
      additional_zip: '36603',
      status: 'Open',
      detected_market: 'Mobile',
      updated_at: '2026-11-23T10:00:00Z',
    })
    expect(item).toMatchObject({
      kind: 'case',
      href: '/cases/700001',
      number: '700001',
      vehicle: '-',
      plate: 'AL 3BC123',
      debtor: 'Dana Q Smith', // SPEC.md: first, middle initial and last joined
      address: '2 Work St, Mobile, AL 36603',
      zip: '36603',
    })
  })
})
