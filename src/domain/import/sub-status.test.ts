import { describe, expect, it } from 'vitest'
import { findSubStatus } from './sub-status'

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
