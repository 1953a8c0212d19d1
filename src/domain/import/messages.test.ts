import { describe, expect, it } from 'vitest'
import { importSummary } from './messages'

describe('summary', () => {
  it.each([
    [{ imported: 5, duplicates: 0, errors: 0 }, '5 orders imported'],
    [{ imported: 5, duplicates: 2, errors: 0 }, '5 orders imported, 2 duplicates skipped'],
    [{ imported: 0, duplicates: 2, errors: 3 }, '0 orders imported, 2 duplicates skipped, 3 errors'],
  ])('%o -> %s', (counts, text) => {
    expect(importSummary(counts)).toBe(text)
  })
})
