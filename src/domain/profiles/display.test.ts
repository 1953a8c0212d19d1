import { describe, expect, it } from 'vitest'
import { avatarInitials, displayName } from './display'

describe('user menu texts (SPEC.md section 2)', () => {
  it.each([
    [{ first_name: 'Riley', last_name: 'Agent', email: 'r@x.com' }, 'RA', 'Riley Agent'],
    [{ first_name: 'riley', last_name: 'agent', email: 'r@x.com' }, 'RA', 'riley agent'],
    [{ first_name: 'Riley', last_name: null, email: 'riley@x.com' }, 'R', 'Riley'],
    [{ first_name: null, last_name: 'Agent', email: 'zed@x.com' }, 'Z', 'Agent'],
    [{ first_name: '  ', last_name: '', email: 'casey@x.com' }, 'C', 'casey@x.com'],
    [{ first_name: null, last_name: null, email: null }, 'U', 'User'],
    [{}, 'U', 'User'],
  ])('%o: avatar %s, name %s', (person, initials, name) => {
    expect(avatarInitials(person)).toBe(initials)
    expect(displayName(person)).toBe(name)
  })
})
