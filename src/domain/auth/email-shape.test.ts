import { describe, expect, it } from 'vitest'
import { EMAIL_SHAPE } from './email-shape'

describe('EMAIL_SHAPE', () => {
  it.each([
    ['admin@recoverydesk.test', true],
    ['first.last+tag@mail.example.co.uk', true],
    ['', false],
    ['admin', false],
    ['admin@', false],
    ['admin@host', false],
    ['ad min@host.com', false],
    ['admin@host..com', false],
    ['a@b@c.com', false],
  ])('%j: %s', (email, ok) => {
    expect(EMAIL_SHAPE.test(email)).toBe(ok)
  })
})
