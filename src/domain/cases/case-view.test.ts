import { describe, expect, it } from 'vitest'
import { deriveCaseView, parseSubstatuses, type RdnCaseRow } from './case-view'
import { mapStorageLocation } from './storage-location'

const base: RdnCaseRow = {
  case_id: 5000123,
  case_number: 'RDN-1',
  status: 'Open',
  substatus: null,
  priority: null,
  order_type: null,
  lender_name: 'Ally Financial',
  lienholder_name: 'Ally Bank',
  debtor_name: 'Jane Q Public',
  debtor_first_name: 'Jane',
  debtor_middle_initial: 'Q',
  debtor_last_name: 'Public',
  debtor_phone: '(205) 555-0101',
  debtor_address: '12 Oak St',
  debtor_city: 'Birmingham',
  debtor_state: 'AL',
  debtor_zip: '35203',
  debtor_work_address: '1 Work Way',
  additional_address: '99 Pine Rd',
  additional_city: 'Mobile',
  additional_state: 'AL',
  additional_zip: '36602',
  vehicle_license_state: 'AL',
  vehicle_license_number: '12A3456',
  recovery_address: '5 Elm St',
  recovery_city: 'Montgomery',
  recovery_state: 'AL',
  storage_location_name: null,
  assigned_agent_id: null,
}
const agents = [
  { id: 'p1', first_name: 'Riley', last_name: 'Agent', email: 'riley@x.test', rdn_id_number: '10021' },
  { id: 'p2', first_name: null, last_name: null, email: 'nameless@x.test', rdn_id_number: '10022' },
]
const view = (overrides: Partial<RdnCaseRow>) => deriveCaseView({ ...base, ...overrides }, agents)

describe('derived case view (SPEC.md section 3)', () => {
  it.each([
    [{}, 'Jane Q Public'],
    [{ debtor_name: null }, 'Jane Q Public'],
    [{ debtor_name: '  ', debtor_middle_initial: null }, 'Jane Public'],
    [{ debtor_name: null, debtor_first_name: null, debtor_middle_initial: null, debtor_last_name: null }, null],
  ])('debtor name %o gives %s, mirrored as borrower_name', (overrides, name) => {
    expect(view(overrides).debtor_name).toBe(name)
    expect(view(overrides).borrower_name).toBe(name)
  })

  it.each([
    ['KEYS | CLOSE_FEE', ['KEYS', 'CLOSE_FEE']],
    ['A||B|', ['A', 'B']],
    ['One, Two', ['One, Two']],
    [null, []],
  ])('sub-statuses %s parse on the pipe to %j', (substatus, parsed) => {
    expect(parseSubstatuses(substatus)).toEqual(parsed)
  })

  it.each([
    [{}, 'AL 12A3456'],
    [{ vehicle_license_state: null }, '12A3456'],
    [{ vehicle_license_state: null, vehicle_license_number: null }, null],
  ])('license plate %o is %s', (overrides, plate) => {
    expect(view(overrides).license_plate).toBe(plate)
  })

  it.each([
    [{}, 'Ally Financial'],
    [{ lender_name: null }, 'Ally Bank'],
    [{ lender_name: '', lienholder_name: null }, 'Unknown Client'],
  ])('client %o is %s', (overrides, client) => {
    expect(view(overrides).client).toBe(client)
  })

  it.each([
    [{}, 'RDN-1'],
    [{ case_number: null }, '5000123'],
  ])('order number %o is %s', (overrides, orderNumber) => {
    expect(view(overrides).order_number).toBe(orderNumber)
  })

  it('mirrors the debtor into borrower fields', () => {
    expect(view({})).toMatchObject({
      borrower_phone: '(205) 555-0101',
      borrower_address: '12 Oak St',
      borrower_city: 'Birmingham',
      borrower_state: 'AL',
      borrower_zip: '35203',
    })
  })

  it.each([
    [{}, ['12 Oak St', 'Birmingham', 'AL', '35203']],
    [{ debtor_address: null }, ['99 Pine Rd', 'Mobile', 'AL', '36602']],
  ])('last known address %o', (overrides, [address, city, state, zip]) => {
    expect(view(overrides)).toMatchObject({
      last_known_address: address,
      last_known_city: city,
      last_known_state: state,
      last_known_zip: zip,
    })
  })

  it.each([
    [{}, '5 Elm St, Montgomery, AL'],
    [{ recovery_address: null }, 'Montgomery, AL'],
    [{ recovery_address: null, recovery_city: null, recovery_state: null }, null],
  ])('recovery location %o is %s', (overrides, location) => {
    expect(view(overrides).recovery_location).toBe(location)
  })

  it.each([
    [
      { assigned_agent_id: '10021' },
      { id: 'p1', first_name: 'Riley', last_name: 'Agent', email: 'riley@x.test', full_name: 'Riley Agent' },
    ],
    [
      { assigned_agent_id: '10022' },
      { id: 'p2', first_name: null, last_name: null, email: 'nameless@x.test', full_name: 'nameless@x.test' },
    ],
    [{ assigned_agent_id: '99999' }, null],
    [{ assigned_agent_id: null }, null],
  ])('assigned agent %o', (overrides, agent) => {
    expect(view(overrides).assigned_agent).toEqual(agent)
  })

  it('fills the defaults and placeholders', () => {
    expect(view({})).toMatchObject({
      priority: 'normal',
      order_type: null,
      balance_owed: 0,
      market_override: null,
    })
    expect(view({ priority: 'high' }).priority).toBe('high')
  })
})

describe('storage location (SPEC.md section 5)', () => {
  it.each([
    ['Repossessed', 'Birmingham Storage', 'Birmingham Lot'],
    ['Repossessed', 'Mobile Storage Yard', 'Mobile Lot'],
    ['Repossessed', 'Montgomery Impound', 'Montgomery Lot'],
    ['Repossessed', 'PHENIX CITY STORAGE', 'Phenix City Lot'],
    ['Repossessed', 'Union City Yard', 'Union City Lot'],
    ['Repossessed', 'Manheim Birmingham', 'Direct Drop'],
    ['Repossessed', 'enterprise rent-a-car', 'Direct Drop'],
    ['Repossessed', 'Copart Mobile', 'Direct Drop'],
    ['Repossessed', 'Some Other Yard', 'Some Other Yard'],
    ['Repossessed', null, null],
    ['Open', 'Birmingham Storage', null],
    ['Closed', 'Copart Mobile', null],
  ])('%s at %s is %s', (status, name, mapped) => {
    expect(mapStorageLocation(status, name)).toBe(mapped)
  })
})
