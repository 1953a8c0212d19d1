import { describe, expect, it } from 'vitest'
import { releaseAuthorizationSchema, releaseCompletionSchema, releaseSignerSchema } from './release'

const VENDOR = '3f1e8a52-7c0b-4d8e-9a61-2b4c5d6e7f80'
const problem = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success ? null : result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)

describe('authorizing a release or a transport', () => {
  it.each([
    ['a release needs no vendor', { kind: 'release' }, null],
    ['a transport names its vendor', { kind: 'transport', vendorId: VENDOR }, null],
    [
      'a transport without a vendor',
      { kind: 'transport' },
      ['vendorId: Choose the auction or transporter it goes to.'],
    ],
    [
      'a vendor that is no id',
      { kind: 'transport', vendorId: 'acme' },
      ['vendorId: Choose the auction or transporter.'],
    ],
    ['neither release nor transport', { kind: 'sale' }, ['kind: Choose release or transport.']],
  ])('%s', (_case, input, expected) => {
    expect(problem(releaseAuthorizationSchema.safeParse(input))).toEqual(expected)
  })

  it("keeps the lender's authorization trimmed, and none as null", () => {
    expect(releaseAuthorizationSchema.parse({ kind: 'release', lenderAuthorization: '  AUTH-77  ' })).toEqual({
      kind: 'release',
      vendorId: null,
      lenderAuthorization: 'AUTH-77',
    })
    expect(releaseAuthorizationSchema.parse({ kind: 'release', lenderAuthorization: '   ' }).lenderAuthorization).toBe(
      null,
    )
  })
})

describe('handing the vehicle over against an ID', () => {
  const complete = { releasedTo: 'Dana Debtor', idType: "Driver's license", idLast4: 'A123' }
  it.each([
    ['a name, an ID type and its last four', complete, null],
    ['a one-letter name', { ...complete, releasedTo: ' D ' }, ['releasedTo: Name the person who took the vehicle.']],
    [
      'an ID type not on the list',
      { ...complete, idType: 'Library card' },
      ['idType: Choose the ID that was checked.'],
    ],
    [
      'three characters of the ID',
      { ...complete, idLast4: '123' },
      ['idLast4: Give the last four characters of the ID number.'],
    ],
    [
      'a symbol in the ID',
      { ...complete, idLast4: '12-4' },
      ['idLast4: Give the last four characters of the ID number.'],
    ],
  ])('%s', (_case, input, expected) => {
    expect(problem(releaseCompletionSchema.safeParse(input))).toEqual(expected)
  })
})

describe('who signs the release', () => {
  it('takes a name and an address to mail, or signs on the spot without one', () => {
    expect(releaseSignerSchema.parse({ name: 'Dana Debtor', email: 'dana@example.com' })).toEqual({
      name: 'Dana Debtor',
      email: 'dana@example.com',
    })
    expect(releaseSignerSchema.parse({ name: 'Dana Debtor', email: '' }).email).toBe(null)
    expect(problem(releaseSignerSchema.safeParse({ name: 'Dana', email: 'not-mail' }))).toEqual([
      'email: Enter a valid email address.',
    ])
    expect(problem(releaseSignerSchema.safeParse({ name: 'D' }))).toEqual([
      'name: Name the person who signs the release.',
    ])
  })
})
