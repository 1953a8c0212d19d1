import { describe, expect, it } from 'vitest'
import { resolveClientIp } from './client-ip'

describe('client address', () => {
  it.each([
    ['203.0.113.9', '1.2.3.4', [], '203.0.113.9'],
    ['203.0.113.9', '1.2.3.4', ['10.0.0.2'], '203.0.113.9'],
    ['10.0.0.2', '1.2.3.4', ['10.0.0.2'], '1.2.3.4'],
    ['10.0.0.2', 'spoofed, 1.2.3.4', ['10.0.0.2'], '1.2.3.4'],
    ['10.0.0.2', '1.2.3.4, 10.0.0.3', ['10.0.0.2', '10.0.0.3'], '1.2.3.4'],
    ['::ffff:10.0.0.2', '1.2.3.4', ['10.0.0.2'], '1.2.3.4'],
    ['10.0.0.2', undefined, ['10.0.0.2'], '10.0.0.2'],
  ])('peer %s, X-Forwarded-For %s, trusted %j: %s', (peer, forwarded, trusted, expected) => {
    expect(resolveClientIp(peer, forwarded, trusted)).toBe(expected)
  })
})
