import { describe, expect, it } from 'vitest'
import { IMPORT_STATUSES, importDate, importStatus, keysObtained, parseWorkAddress, splitBorrowerName } from './fields'

describe('dates: month/day/year, two-digit years below 50 are 20xx', () => {
  it.each([
    ['3/4/2025', '2025-03-04'],
    ['03/04/25', '2025-03-04'],
    ['12/31/49', '2049-12-31'],
    ['1/1/50', '1950-01-01'],
    ['1/1/99', '1999-01-01'],
    ['1/1/00', '2000-01-01'],
    ['2/29/24', '2024-02-29'],
    ['', null],
    ['  ', null],
    ['2/30/24', 'invalid'],
    ['13/1/24', 'invalid'],
    ['2024-01-05', 'invalid'],
    ['soon', 'invalid'],
  ])('%j -> %j', (text, expected) => {
    expect(importDate(text)).toBe(expected)
  })
})

describe("names: 'Last, First'", () => {
  it.each([
    ['Reyes, Jordan', { first: 'Jordan', last: 'Reyes', full: 'Jordan Reyes' }],
    ['  Reyes ,  Jordan Lee ', { first: 'Jordan Lee', last: 'Reyes', full: 'Jordan Lee Reyes' }],
    ['Jordan Reyes', { first: null, last: 'Jordan Reyes', full: 'Jordan Reyes' }],
    ['Reyes,', { first: null, last: 'Reyes', full: 'Reyes' }],
    ['', { first: null, last: null, full: null }],
  ])('%j', (text, expected) => {
    expect(splitBorrowerName(text)).toEqual(expected)
  })
})

describe('work address: a trailing state and 5- or 9-digit ZIP', () => {
  it.each([
    ['12 Main St, Mobile, AL 36602', { address: '12 Main St', city: 'Mobile', state: 'AL', zip: '36602' }],
    ['12 Main St, Mobile AL 36602-1234', { address: '12 Main St', city: 'Mobile', state: 'AL', zip: '36602-1234' }],
    [
      'Suite 4, 12 Main St, Mobile, AL, 366021234',
      { address: 'Suite 4, 12 Main St', city: 'Mobile', state: 'AL', zip: '366021234' },
    ],
    ['12 Main St, Mobile, al 36602', { address: '12 Main St, Mobile, al 36602', city: null, state: null, zip: null }],
    ['12 Main St, Mobile, AL 3660', { address: '12 Main St, Mobile, AL 3660', city: null, state: null, zip: null }],
    ['', { address: null, city: null, state: null, zip: null }],
  ])('%j', (text, expected) => {
    expect(parseWorkAddress(text)).toEqual(expected)
  })
})

describe('status, keys', () => {
  // SPEC.md section 5's accepted texts, written out: a status dropped from the list under test fails here.
  const ACCEPTED = [
    'Open',
    'Closed',
    'Repossessed',
    'Pending On Hold',
    'On Hold',
    'Pending Close',
    'Charged Off',
    'Completed',
    'Completed-Located',
    'Office Transfer',
    'Need Info',
    'Hold For Billing',
    'Auction',
  ]
  it.each(ACCEPTED.map((status) => [status]))('%s is kept', (status) => {
    expect(importStatus(status)).toBe(status)
  })
  it('accepts those texts and no other', () => {
    expect([...IMPORT_STATUSES].sort()).toEqual([...ACCEPTED].sort())
  })
  it.each(['', 'Lost', 'Repo', undefined])('%j becomes Open', (text) => {
    expect(importStatus(text)).toBe('Open')
  })
  it.each([
    ['Yes', true],
    [' Yes ', true],
    ['yes', false],
    ['Y', false],
    ['No', false],
    ['', false],
  ])('Keys %j -> %s', (text, expected) => {
    expect(keysObtained(text)).toBe(expected)
  })
})
