import { describe, expect, it } from 'vitest'
import { recentAnswers } from './recent-answers'

const bytes = (text: string) => new Uint8Array(Buffer.from(text.toUpperCase()))

describe('the bytes kept for recent answers', () => {
  it('finds bytes only for exactly the text they were made from', () => {
    const recent = recentAnswers(4)
    recent.keep('a', '{"v":1}', bytes('{"v":1}'))
    expect(recent.find('a', '{"v":1}')).toEqual(bytes('{"v":1}'))
    expect(recent.find('a', '{"v":2}')).toBeUndefined()
    expect(recent.find('b', '{"v":1}')).toBeUndefined()
    recent.keep('a', '{"v":2}', bytes('{"v":2}'))
    expect(recent.find('a', '{"v":1}')).toBeUndefined()
    expect(recent.find('a', '{"v":2}')).toEqual(bytes('{"v":2}'))
  })

  it('keeps at most its number, the least recently used going first', () => {
    const recent = recentAnswers(2)
    recent.keep('a', 'A', bytes('a'))
    recent.keep('b', 'B', bytes('b'))
    // a used again: b is now the least recently used.
    expect(recent.find('a', 'A')).toBeDefined()
    recent.keep('c', 'C', bytes('c'))
    expect([recent.find('a', 'A'), recent.find('b', 'B'), recent.find('c', 'C')].map(Boolean)).toEqual([
      true,
      false,
      true,
    ])
  })
})
