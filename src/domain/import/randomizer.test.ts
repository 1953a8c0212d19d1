import { describe, expect, it } from 'vitest'
import { FEMALE_FIRST_NAMES, MALE_FIRST_NAMES, randomizeBorrowerName } from './randomizer'

describe('randomized names', () => {
  it('changes only names with a comma, the same way every time', () => {
    expect(randomizeBorrowerName('Jordan Reyes')).toBe('Jordan Reyes')
    expect(randomizeBorrowerName('Reyes, Jordan')).toBe(randomizeBorrowerName('Reyes, Jordan'))
    expect(randomizeBorrowerName('Reyes, Jordan')).toMatch(/^\w+, \w+$/)
  })
  it.each(['Smith, James', 'Doe, Robert', 'Lee, Michael J'])('keeps a male first name male: %s', (name) => {
    expect(MALE_FIRST_NAMES).toContain(randomizeBorrowerName(name).split(', ')[1])
  })
  it.each(['Smith, Mary', 'Doe, Jennifer', 'Lee, Emily Ann'])('keeps a female first name female: %s', (name) => {
    expect(FEMALE_FIRST_NAMES).toContain(randomizeBorrowerName(name).split(', ')[1])
  })
})
