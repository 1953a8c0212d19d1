import { describe, expect, it } from 'vitest'
import { parseZipList } from './zip-list'

describe('pasted ZIP codes', () => {
  it.each([
    ['35203 35204', { zips: ['35203', '35204'], invalid: [] }],
    ['35203,35204;\n36602\t36602', { zips: ['35203', '35204', '36602'], invalid: [] }],
    ['3520 352031 35203-1234 ABCDE 35203', { zips: ['35203'], invalid: ['3520', '352031', '35203-1234', 'ABCDE'] }],
    ['   ', { zips: [], invalid: [] }],
  ])('%j', (text, expected) => {
    expect(parseZipList(text)).toEqual(expected)
  })
})
