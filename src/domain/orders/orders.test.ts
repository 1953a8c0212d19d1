import { describe, expect, it } from 'vitest'
import { deriveFeeRequests } from './fee-requests'
import { EDITABLE_ORDER_FIELDS, orderEditSchema } from './order-edit'
import { detectOrderMarket, UNKNOWN_ORDER_MARKET } from './order-market'

const at = '2025-03-04T10:00:00.000Z'
const link = (code: string, active = true) => ({ sub_status_code: code, assigned_at: at, active })

describe('fee requests from sub-status codes (SPEC.md sections 3–5)', () => {
  it.each([
    ['CLOSE_FEE', 'Close', 'requested'],
    ['CLOSE_FEE_APPROVED', 'Close', 'approved'],
    ['CLOSE_FEE_DECLINED', 'Close', 'declined'],
    ['close_fee_denied', 'Close', 'declined'],
    ['CLOSE_FEE_NOT_APPROVED', 'Close', 'declined'],
    ['DOLLY_FEE_UNAPPROVED', 'Dolly', 'declined'],
    ['CLOSE_FEE_REJECTED', 'Close', 'declined'],
    ['DOLLYS_FEE', 'Dolly', 'requested'],
    ['DOLLYS', 'Dolly', 'requested'],
    ['PRE_APPROVED_DOLLY_FEES', 'Dolly', 'approved'],
    ['Pre-Approved Dolly Fees', 'Dolly', 'approved'],
    ['STORAGE_FEE', 'Close', 'requested'],
  ])('%s is a %s fee, %s', (code, type, status) => {
    expect(deriveFeeRequests([link(code)])).toEqual([{ code, type, status, assignedAt: at }])
  })

  it.each(['KEYS_REQUESTED', 'SKIP_TRACE', 'DOLLY_PICKUP_SCHEDULED', 'VEHICLE_SPOTTED'])(
    '%s is no fee request',
    (code) => {
      expect(deriveFeeRequests([link(code)])).toEqual([])
    },
  )

  it('ignores inactive links and keeps the order of the rest', () => {
    const requests = deriveFeeRequests([link('CLOSE_FEE', false), link('DOLLYS_FEE'), link('CLOSE_FEE_APPROVED')])
    expect(requests.map((request) => request.code)).toEqual(['DOLLYS_FEE', 'CLOSE_FEE_APPROVED'])
  })
})

describe('order market (SPEC.md section 9)', () => {
  const table = new Map([
    ['35203', 'Birmingham'],
    ['36602', 'Mobile'],
  ])
  it.each([
    [
      { borrower_zip: '35203', last_known_zip: '36602' },
      { market: 'Birmingham', confidence: 95, method: 'primary_zip' },
    ],
    [
      { borrower_zip: '99999', last_known_zip: '36602' },
      { market: 'Mobile', confidence: 95, method: 'fallback_zip' },
    ],
    [
      { borrower_zip: null, recovery_zip: ' 35203 ' },
      { market: 'Birmingham', confidence: 95, method: 'fallback_zip' },
    ],
    [{ borrower_zip: '35203-1234' }, { market: 'Birmingham', confidence: 95, method: 'primary_zip' }],
    [{ borrower_zip: '3520' }, UNKNOWN_ORDER_MARKET],
    [{ borrower_work_zip: '36602' }, { market: 'Mobile', confidence: 95, method: 'fallback_zip' }],
    [{}, UNKNOWN_ORDER_MARKET],
  ])('%o -> %o', (order, expected) => {
    expect(detectOrderMarket(order, table)).toEqual(expected)
  })
})

describe('order edits (SPEC.md section 5: the editable fields)', () => {
  const expectedUpdatedAt = '2025-03-04T10:00:00.000Z'
  const parse = (changes: Record<string, unknown>) => orderEditSchema.safeParse({ expectedUpdatedAt, changes })

  it('lists exactly the twelve editable fields', () => {
    expect(EDITABLE_ORDER_FIELDS).toEqual([
      'color',
      'license_plate',
      'borrower_name',
      'borrower_phone',
      'borrower_address',
      'borrower_city',
      'borrower_state',
      'borrower_zip',
      'borrower_work_address',
      'borrower_work_city',
      'borrower_work_state',
      'borrower_work_zip',
    ])
  })

  it.each(['vin', 'make', 'company_id', 'updated_at', 'last_known_address'])('refuses %s', (field) => {
    const result = parse({ [field]: 'x' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0].message).toBe(`Not an editable field: ${field}.`)
  })

  it.each([
    [{ borrower_state: 'al' }, { borrower_state: 'AL' }],
    [{ borrower_state: ' ' }, { borrower_state: null }],
    [{ borrower_zip: '35203' }, { borrower_zip: '35203' }],
    [{ borrower_work_zip: '35203-1234' }, { borrower_work_zip: '35203-1234' }],
    [{ borrower_phone: '(205) 555-0147' }, { borrower_phone: '(205) 555-0147' }],
    [{ license_plate: 'abc 123' }, { license_plate: 'ABC 123' }],
    [{ color: '  Silver ' }, { color: 'Silver' }],
  ])('accepts %o as %o', (changes, expected) => {
    expect(parse(changes).data?.changes).toEqual(expected)
  })

  it.each([
    [{ borrower_state: 'ZZ' }, 'State must be a two-letter US state code.'],
    [{ borrower_state: 'Ala' }, 'State must be at most 2 characters.'],
    [{ borrower_zip: '3520' }, 'ZIP must be 5 digits or ZIP+4.'],
    [{ borrower_work_zip: '352031234' }, 'Work ZIP must be 5 digits or ZIP+4.'],
    [{ borrower_phone: '555-01' }, 'Phone must have at least 7 digits and only digits, spaces and ( ) + - .'],
    [{ borrower_phone: 'call me 5550147' }, 'Phone must have at least 7 digits and only digits, spaces and ( ) + - .'],
    [{ license_plate: 'AB#12' }, 'License plate may hold only letters, digits, spaces and dashes.'],
    [{ borrower_name: 'x'.repeat(201) }, 'Borrower name must be at most 200 characters.'],
    [{ color: 7 }, null],
    [{}, 'Nothing to save.'],
  ])('refuses %o', (changes, message) => {
    const result = parse(changes)
    expect(result.success).toBe(false)
    if (message) expect(result.error?.issues[0].message).toBe(message)
  })
})
