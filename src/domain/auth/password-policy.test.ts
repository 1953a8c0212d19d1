import { describe, expect, it } from 'vitest'
import { findPasswordPolicyProblem } from './common-passwords'
import { checkNewPassword } from './password-policy'

describe('new password form rules (SPEC.md sections 5 and 8)', () => {
  it.each([
    ['abcdef', 'abcdeg', 'Password Mismatch', 'Passwords do not match. Please try again.'],
    ['abcde', 'abcde', 'Password Too Short', 'Password must be at least 6 characters long.'],
  ])('%s / %s: %s', (password, confirmation, title, message) => {
    expect(checkNewPassword(password, confirmation)).toEqual({ title, message })
  })

  it('accepts 6 equal characters', () => {
    expect(checkNewPassword('abcdef', 'abcdef')).toBeNull()
  })
})

describe('server password policy', () => {
  it.each(['12345', 'a'])('refuses %s as too short', (password) => {
    expect(findPasswordPolicyProblem(password)).toBe('Password must be at least 6 characters long.')
  })
  it.each(['123456', 'password', 'PASSWORD', 'qwerty', 'letmein', 'baseball'])('refuses the common %s', (password) => {
    expect(findPasswordPolicyProblem(password)).toMatch(/too common/)
  })
  it.each(['Tr1cky-horse-42', 'lot-7-keys-ready'])('accepts %s', (password) => {
    expect(findPasswordPolicyProblem(password)).toBeNull()
  })
  it('refuses more than 128 characters', () => {
    expect(findPasswordPolicyProblem('x'.repeat(129))).toMatch(/at most 128/)
  })
})
