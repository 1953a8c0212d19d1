import { describe, expect, it } from 'vitest'
import { describeRetryWait } from './retry-wait'

describe('describeRetryWait', () => {
  it.each([
    [0, 'Try again in 1 second.'],
    [1, 'Try again in 1 second.'],
    [0.2, 'Try again in 1 second.'],
    [45, 'Try again in 45 seconds.'],
    [59.5, 'Try again in 1 minute.'],
    [60, 'Try again in 1 minute.'],
    [61, 'Try again in 2 minutes.'],
    [900, 'Try again in 15 minutes.'],
  ])('%s seconds -> %s', (seconds, text) => {
    expect(describeRetryWait(seconds)).toBe(text)
  })
})
