import { describe, expect, it } from 'vitest'
import { AVATAR_FORMATS, AVATAR_TYPES } from './avatar-image'

// The avatar's bytes are checked on the server by the one upload check (issue 41); the form
// offers the same formats by their types.
describe('avatar formats', () => {
  it.each(AVATAR_FORMATS.map((format, index) => [format, AVATAR_TYPES[index]]))(
    '%s is offered as %s',
    (format, type) => {
      expect(type).toBe(`image/${format}`)
    },
  )
})
