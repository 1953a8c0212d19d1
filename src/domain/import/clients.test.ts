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
import { importMessages } from './messages'

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
