import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { generateClientCode } from '../clients/client-code'
import {
  clientSimilarity,
  type KnownClient,
  matchClient,
  mayAutoCreate,
  nameSimilarity,
  normalizeClientName,
  prepareClients,
} from './clients'
import { IMPORT_STATUSES, importDate, importStatus, keysObtained, parseWorkAddress, splitBorrowerName } from './fields'
import { columnIndexes, importReadiness, READINESS_REASONS } from './headers'
import { detectImportMarket } from './market'
import { importMessages, importSummary } from './messages'
import { parsePastedText } from './parse'
import { FEMALE_FIRST_NAMES, MALE_FIRST_NAMES, randomizeBorrowerName } from './randomizer'
import { readImportRow } from './row'
import { findSubStatus } from './sub-status'

const HEADER = 'Case Number\tClient Name\tLast Name, First Name\tVIN\tMake\tModel\tYear\tOrder Date\tSub-Status\tKeys'

describe('import readiness (SPEC.md section 5)', () => {
  it.each(['Case Number', 'Case#', 'CaseNumber', 'Case ID', 'Order Number', 'Account Number', ' case number '])(
    'accepts %s as the case/order header',
    (header) => {
      expect(importReadiness(`${header}\tVIN\nA1\tV1`)).toEqual({ ready: true })
    },
  )
  it.each(['VIN', 'Vin', 'Vehicle Identification Number'])('accepts %s as the VIN header', (header) => {
    expect(importReadiness(`Case Number\t${header}`)).toEqual({ ready: true })
  })
  it.each([
    ['', READINESS_REASONS.empty],
    ['  \n ', READINESS_REASONS.empty],
    ['Client Name\tVIN', READINESS_REASONS.noCaseColumn],
    ['Case Number\tMake', READINESS_REASONS.noVinColumn],
    ['Make\nCase Number\tVIN', READINESS_REASONS.noCaseColumn],
  ])('%j is refused: %s', (text, reason) => {
    expect(importReadiness(text)).toEqual({ ready: false, reason })
  })
  it('says the three reasons word for word', () => {
    expect(READINESS_REASONS).toEqual({
      empty: 'No CSV data entered',
      noCaseColumn: 'Missing case/order number column (Case Number, Case#, Order Number, etc.)',
      noVinColumn: 'Missing VIN column',
    })
  })
})

describe('pasted text', () => {
  it('keeps quoted tabs and newlines and numbers rows by the line they start on', () => {
    const text = 'Case Number\tVIN\tNote\nA1\tV1\tplain\n\nA2\tV2\t"multi\nline"\nA3\tV3\t"a\tb"\n  \nA4\tV4\tlast\n'
    const { header, records } = parsePastedText(text)
    expect(header).toEqual(['Case Number', 'VIN', 'Note'])
    expect(records).toEqual([
      { line: 2, cells: ['A1', 'V1', 'plain'] },
      { line: 4, cells: ['A2', 'V2', 'multi\nline'] },
      { line: 6, cells: ['A3', 'V3', 'a\tb'] },
      { line: 8, cells: ['A4', 'V4', 'last'] },
    ])
  })
  it('reads Windows line ends', () => {
    expect(parsePastedText('Case Number\tVIN\r\nA1\tV1\r\nA2\tV2').records.map((r) => r.line)).toEqual([2, 3])
  })
})

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
  it.each(IMPORT_STATUSES.map((status) => [status]))('%s is kept', (status) => {
    expect(importStatus(status)).toBe(status)
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

describe('client matching (SPEC.md section 5)', () => {
  it.each([
    ['Ally Financial Inc.', 'ally financial'],
    ['Westlake Financial - Hand Keyed', 'westlake financial'],
    ['Santander Consumer (Primary)', 'santander consumer'],
    ['Credit Acceptance Corp', 'credit acceptance'],
    ['Exeter Finance, LLC', 'exeter finance'],
    ['Acme  Auto   LP', 'acme auto'],
    ['GM Financial Ltd', 'gm financial'],
  ])('normalizes %j to %j', (name, expected) => {
    expect(normalizeClientName(name)).toBe(expected)
  })

  it.each([
    ['ally financial', 'ally financial', 1],
    ['ally financial', 'ally', 0.8],
    ['ally bank services', 'ally financial services', 2 / 3],
    ['ally of us', 'credit acceptance', 0],
  ])('similarity(%j, %j) = %d', (a, b, expected) => {
    expect(nameSimilarity(a, b)).toBeCloseTo(expected)
  })

  it('averages name and lienholder; a lienholder on one side only scores 0.3', () => {
    expect(clientSimilarity({ name: 'ally', lienholder: null }, { name: 'ally', lienholder: null })).toBe(1)
    expect(clientSimilarity({ name: 'ally', lienholder: 'bank' }, { name: 'ally', lienholder: null })).toBeCloseTo(0.65)
    expect(
      clientSimilarity({ name: 'ally', lienholder: 'bank' }, { name: 'ally', lienholder: 'bank of ally' }),
    ).toBeCloseTo(0.9)
  })

  const clients: KnownClient[] = [
    { id: '1', name: 'Ally Financial', lienholder_name: 'Ally Bank' },
    { id: '2', name: 'Ally Financial Services', lienholder_name: null },
    { id: '3', name: 'Credit Acceptance', lienholder_name: null },
    { id: '4', name: 'Ally Auto', lienholder_name: 'Ally Bank' },
    { id: '5', name: 'Financial Ally Group', lienholder_name: 'Ally Bank' },
  ]
  const prepared = prepareClients(clients)

  it('matches exactly on normalized name and lienholder', () => {
    expect(matchClient(prepared, 'ALLY FINANCIAL, INC.', 'Ally Bank')).toEqual({ client: clients[0] })
    expect(matchClient(prepared, 'Credit Acceptance Corp', '')).toEqual({ client: clients[2] })
  })

  it('suggests at most 3 above 0.3, best first', () => {
    const match = matchClient(prepared, 'Ally Financial', null)
    expect(match.client).toBeNull()
    if (match.client) return
    expect(match.suggestions).toHaveLength(3)
    expect(match.suggestions[0].client.id).toBe('2')
    expect(match.suggestions.every((s) => s.score > 0.3)).toBe(true)
    expect(match.suggestions.map((s) => s.score)).toEqual(
      [...match.suggestions.map((s) => s.score)].sort((a, b) => b - a),
    )
    expect(matchClient(prepared, 'Zenith Motors', 'Zenith Bank')).toEqual({ client: null, suggestions: [] })
  })

  it('auto-creates only with no suggestion or the best below 0.7', () => {
    expect(mayAutoCreate([])).toBe(true)
    expect(mayAutoCreate([{ client: clients[0], score: 0.69 }])).toBe(true)
    expect(mayAutoCreate([{ client: clients[0], score: 0.7 }])).toBe(false)
  })

  it('writes the unknown-client error with the suggestions in percent', () => {
    expect(importMessages.unknownClient(4, 'Ally Finl', [{ client: clients[0], score: 0.654 }])).toBe(
      'Row 4: Unknown client "Ally Finl" - Suggestions: Ally Financial (65% match)',
    )
    expect(importMessages.unknownClient(5, 'Nobody', [])).toBe('Row 5: Unknown client "Nobody"')
  })

  it('gives new clients the spec client code', () => {
    expect(generateClientCode('Westlake Financial Services', 'Westlake Portfolio Management')).toBe('WESFINSER-WEPOMA')
  })
})

describe('randomized names', () => {
  it('changes only names with a comma, the same way every time', () => {
    expect(randomizeBorrowerName('Jordan Reyes')).toBe('Jordan Reyes')
    expect(randomizeBorrowerName('Reyes, Jordan')).toBe(randomizeBorrowerName('Reyes, Jordan'))
    expect(randomizeBorrowerName('Reyes, Jordan')).toMatch(/^\w+, \w+$/)
  })
  it.each(['Smith, James', 'Doe, Robert', 'Lee, Michael J'])('keeps a male first name male: %s', (name) => {
    expect(MALE_FIRST_NAMES).toContain(randomizeBorrowerName(name).split(', ')[1])
  })
  it.each(['Smith, Mary', 'Doe, Jennifer', 'Lee, Emily Ann'])('keeps a female first name female: %s', (name) => {
    expect(FEMALE_FIRST_NAMES).toContain(randomizeBorrowerName(name).split(', ')[1])
  })
})

describe('sub-status lookup, first hit in SPEC.md order', () => {
  const statuses = [
    { code: 'CLOSE_FEE', description: 'Close Fee Requested' },
    { code: 'KEYS_REQUESTED', description: 'Keys Requested' },
    { code: 'SKIP_TRACE', description: 'Skip Trace In Progress' },
    { code: 'PRE_APPROVED_DOLLY_FEES', description: 'Dolly' },
  ]
  it.each([
    ['keys requested', 'KEYS_REQUESTED'],
    ['Skip Trace', 'SKIP_TRACE'],
    ['close_fee', 'CLOSE_FEE'],
    ['Close Fee', 'CLOSE_FEE'],
    ['approved dolly', 'PRE_APPROVED_DOLLY_FEES'],
    ['Dolly', 'PRE_APPROVED_DOLLY_FEES'],
  ])('%j finds %s', (item, code) => {
    expect(findSubStatus(item, statuses)?.code).toBe(code)
  })
  it('finds nothing for an unknown item', () => {
    expect(findSubStatus('Towed To Mars', statuses)).toBeUndefined()
  })
  it('prefers an equal description over a containing one', () => {
    const both = [
      { code: 'A', description: 'Keys Requested Twice' },
      { code: 'B', description: 'Keys Requested' },
    ]
    expect(findSubStatus('keys requested', both)?.code).toBe('B')
  })
})

describe('import market detection (SPEC.md section 9)', () => {
  const zipTable = new Map([['36602', 'Mobile']])
  const lots = [
    { market: 'Birmingham', latitude: 33.5186, longitude: -86.8104 },
    { market: 'Montgomery', latitude: 32.3668, longitude: -86.3 },
  ]
  const place = (zip: string | null, city: string | null, state: string | null, address: string | null = null) => ({
    zip,
    city,
    state,
    address,
  })
  it.each([
    [place('36602', 'Anywhere', 'GA'), null, { market: 'Mobile', confidence: 95, method: 'zip_code' }],
    [
      place('36117', null, 'AL'),
      { lat: 32.38, lng: -86.2 },
      { market: 'Montgomery', confidence: 85, method: 'proximity' },
    ],
    [place(null, 'North Birmingham', 'AL'), null, { market: 'Birmingham', confidence: 80, method: 'city' }],
    [place(null, 'Huntsville', 'AL'), null, { market: 'Huntsville', confidence: 80, method: 'city' }],
    [
      place(null, 'Daphne', 'AL', 'Baldwin County Rd 12'),
      null,
      { market: 'Mobile', confidence: 30, method: 'state_fallback' },
    ],
    [place(null, 'Madison', 'AL'), null, { market: 'Huntsville', confidence: 30, method: 'state_fallback' }],
    [place(null, 'Troy', 'AL'), null, { market: 'Montgomery', confidence: 30, method: 'state_fallback' }],
    [place(null, 'Cullman', 'AL'), null, { market: 'Birmingham', confidence: 25, method: 'state_fallback' }],
    [place(null, 'Atlanta', 'GA'), null, { market: 'Birmingham', confidence: 20, method: 'state_fallback' }],
    [place(null, 'Austin', 'TX'), null, { market: null, confidence: 0, method: 'unknown' }],
  ])('%o at %o -> %o', (where, geocoded, expected) => {
    expect(detectImportMarket(where, zipTable, lots, geocoded)).toEqual(expected)
  })
  it('without lots, a geocoded place falls through to the city rule', () => {
    expect(detectImportMarket(place(null, 'Mobile', 'AL'), zipTable, [], { lat: 30.7, lng: -88 })).toMatchObject({
      method: 'city',
    })
  })
})

describe('summary', () => {
  it.each([
    [{ imported: 5, duplicates: 0, errors: 0 }, '5 orders imported'],
    [{ imported: 5, duplicates: 2, errors: 0 }, '5 orders imported, 2 duplicates skipped'],
    [{ imported: 0, duplicates: 2, errors: 3 }, '0 orders imported, 2 duplicates skipped, 3 errors'],
  ])('%o -> %s', (counts, text) => {
    expect(importSummary(counts)).toBe(text)
  })
})

describe('any paste (property)', () => {
  it('never throws while reading, and gives one row per non-blank record', () => {
    const cell = fc.string({ maxLength: 12 }).map((text) => text.replace(/\t|\n|\r/g, ' '))
    const line = fc.array(fc.oneof(cell, fc.constantFrom('"', '""', '"a\tb"', '"x\ny"', '3/4/25', 'Yes')), {
      maxLength: 8,
    })
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.string({ maxLength: 40 }), (lines, noise) => {
        const text = [HEADER, ...lines.map((cells) => cells.join('\t')), noise].join('\n')
        const { header, records } = parsePastedText(text)
        const columns = columnIndexes(header)
        for (const record of records) {
          const row = readImportRow(record, columns, { randomizeNames: true, now: 1 })
          expect(row.line).toBeGreaterThanOrEqual(2)
        }
      }),
      { numRuns: 300 },
    )
  })
})
