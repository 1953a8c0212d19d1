import { describe, expect, it } from 'vitest'
import { type ClientToMatch, rdnCaseClient } from './rdn-case-client'

const client = (id: string, name: string, lienholder: string | null = null, active = true): ClientToMatch => ({
  id,
  name,
  lienholder_name: lienholder,
  active,
})

const CLIENTS = [
  client('cof', 'Capital One Auto Finance', 'Capital One'),
  client('ally-old', 'Ally Financial', null, false),
  client('ally', 'Ally Financial', null),
  client('ally-bank', 'Ally Financial', 'Ally Bank'),
  client('westlake', 'Westlake Financial', 'Westlake Portfolio Management'),
  client('truist', 'Truist Bank'),
]

describe('the client an RDN case bills (issue 41)', () => {
  it.each([
    ['Capital One Auto Finance, Inc.', null, 'cof'],
    ['CAPITAL ONE AUTO FINANCE - hand keyed', 'Capital One', 'cof'],
    [null, 'Capital One', 'cof'],
    ['Capital One', null, 'cof'],
    ['Ally Financial', 'Ally Bank', 'ally-bank'],
    ['Ally Financial', null, 'ally'],
    ['Ally Financial LLC', 'Someone Else', 'ally'],
    ['Regional Acceptance', 'Truist Bank', 'truist'],
    ['Unknown Lender', 'Westlake Portfolio Management', 'westlake'],
    ['Unknown Lender', 'Nobody', null],
    [null, null, null],
    ['', '  ', null],
  ])('lender %j, lienholder %j -> %j', (lender, lienholder, expected) => {
    expect(rdnCaseClient(CLIENTS, lender, lienholder)?.id ?? null).toBe(expected)
  })

  it('prefers the lender named as a client over a client whose lienholder the lender is', () => {
    const clients = [client('cof', 'Capital One Auto Finance', 'Capital One'), client('co', 'Capital One')]
    expect(rdnCaseClient(clients, 'Capital One', null)?.id).toBe('co')
    expect(rdnCaseClient(clients, 'Capital One Auto Finance', 'Capital One')?.id).toBe('cof')
  })
})
