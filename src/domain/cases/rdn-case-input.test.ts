import { describe, expect, it } from 'vitest'
import { validateRdnCases } from './rdn-case-input'

describe('sync input validation', () => {
  it('keeps good rows and reports each bad one with its fields', () => {
    const { valid, problems } = validateRdnCases([
      { case_id: 1, status: 'Open', year: '2019', is_violent: 'yes', order_date: '2025-01-05' },
      { case_id: 'abc' },
      { case_id: 2, order_date: '01/05/2025', year: 1800 },
      null,
      { case_id: '3', debtor_zip: 35203, priority: null },
    ])
    expect(valid.map(({ row }) => row.case_id)).toEqual([1, 3])
    expect(valid[0].row).toMatchObject({
      year: 2019,
      is_violent: true,
      order_date: '2025-01-05',
      priority: 'normal',
      make: null,
    })
    expect(valid[0].sent).toEqual(['status', 'year', 'is_violent', 'order_date'])
    expect(valid[1].row).toMatchObject({ debtor_zip: '35203' })
    expect(problems.map((problem) => [problem.index, problem.caseId])).toEqual([
      [1, 'abc'],
      [2, 2],
      [3, null],
    ])
    expect(problems[1].errors).toContain('order_date: must be a real date like 2025-01-31')
    expect(problems[1].errors.some((error) => error.startsWith('year: '))).toBe(true)
    expect(problems[0].errors[0]).toMatch(/^case_id: /)
  })

  it('refuses impossible dates and NUL characters; reads CSV-style values', () => {
    const { valid, problems } = validateRdnCases([
      { case_id: 1, order_date: '2025-02-30' },
      { case_id: 2, make: 'a\u0000b' },
      { case_id: 3, year: '', priority: 'High', is_violent: 'Yes', order_date: '' },
    ])
    expect(problems.map((problem) => problem.index)).toEqual([0, 1])
    expect(valid[0].row).toMatchObject({ year: null, priority: 'high', is_violent: true, order_date: null })
  })

  it('counts only the last copy of a repeated case_id', () => {
    const { valid, problems } = validateRdnCases([
      { case_id: 5, make: 'Kia' },
      { case_id: 5, year: 'soon' },
    ])
    expect(valid).toEqual([])
    expect(problems.map((problem) => problem.index)).toEqual([1])
  })
})
