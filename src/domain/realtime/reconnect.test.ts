import { describe, expect, it } from 'vitest'
import { reconnectDelay } from './reconnect'

describe('realtime reconnect delays (SPEC.md section 9)', () => {
  it('waits 1,000, 2,000, 5,000 then 10,000 ms, and 10,000 ms from then on', () => {
    expect([0, 1, 2, 3, 4, 10].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10000, 10000, 10000])
  })
})
