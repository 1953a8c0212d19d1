import { describe, expect, it } from 'vitest'
import { countNoteCharacters, noteFits, noteInputSchema } from './note'

const issueOf = (input: unknown) => {
  const result = noteInputSchema.safeParse(input)
  return result.success
    ? null
    : { field: result.error.issues[0].path.join('.'), message: result.error.issues[0].message }
}

describe('a note (issue 16: up to 1,500 characters, RDN’s update limit)', () => {
  it('counts characters as people do: an emoji, a flag, an accented letter is one', () => {
    expect(countNoteCharacters('abc')).toBe(3)
    expect(countNoteCharacters('\u{1F600}')).toBe(1) // two UTF-16 units
    expect(countNoteCharacters('\u{1F44D}\u{1F3FD}')).toBe(1) // thumbs up, skin tone
    expect(countNoteCharacters('\u{1F468}\u200D\u{1F469}\u200D\u{1F467}')).toBe(1) // a family, joined
    expect(countNoteCharacters('\u{1F1FA}\u{1F1F8}')).toBe(1) // a flag
    expect(countNoteCharacters('e\u0301')).toBe(1) // e and a combining accent
    expect(countNoteCharacters('line one\nline two')).toBe(17)
    expect(countNoteCharacters('')).toBe(0)
  })

  it('fits at 1,500 characters and not at 1,501, whatever their code points', () => {
    expect(noteFits('x'.repeat(1500))).toBe(true)
    expect(noteFits('x'.repeat(1501))).toBe(false)
    expect(noteFits('\u{1F44D}\u{1F3FD}'.repeat(1500))).toBe(true)
    expect(noteFits('\u{1F44D}\u{1F3FD}'.repeat(1501))).toBe(false)
    // A run of combining marks is one cluster but cannot grow a note without bound.
    expect(noteFits(`a${'\u0301'.repeat(20_000)}`)).toBe(false)
  })

  it('trims the text and keeps its line breaks', () => {
    expect(noteInputSchema.parse({ type: 'Office Note', body: '  Called the lender.\nNo answer.  ' })).toEqual({
      type: 'Office Note',
      body: 'Called the lender.\nNo answer.',
    })
  })

  it('names the field and the reason of a refusal', () => {
    expect(issueOf({ type: 'Office Note', body: 'x'.repeat(1501) })).toEqual({
      field: 'body',
      message: 'Note must be 1,500 characters or fewer.',
    })
    expect(issueOf({ type: 'Office Note', body: ' \n ' })).toEqual({
      field: 'body',
      message: 'Write the note before adding it.',
    })
    expect(issueOf({ type: 'Office Note' })).toEqual({ field: 'body', message: 'Write the note before adding it.' })
    expect(issueOf({ type: 'Memo', body: 'x' })).toEqual({
      field: 'type',
      message: 'Choose Agent Update, Office Note or Lender Update.',
    })
    for (const type of ['Agent Update', 'Office Note', 'Lender Update']) expect(issueOf({ type, body: 'x' })).toBeNull()
  })
})
