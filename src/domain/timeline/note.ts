import { z } from 'zod'
import { normalizeRole } from '../auth/roles'
import { evidenceSchema } from '../holds/evidence'
import { NOTE_MAX_LENGTH, NOTE_TYPES, type NoteType } from './timeline'

/**
 * The most code points one note may hold. A character as people count it (a grapheme cluster)
 * can be several code points: the longest emoji (a couple with skin tones, a subdivision flag)
 * are ten. So 1,500 such characters fit, while a pathological run of combining marks cannot
 * grow a note without bound (migration 024 holds the database to the same ceiling).
 */
export const NOTE_MAX_CODE_POINTS = NOTE_MAX_LENGTH * 10

// Made on first use: an Intl object's first instance on a page loads locale data, which a
// phone's case page should not wait on before anyone types a note (issue 21).
let graphemes: Intl.Segmenter | undefined

/**
 * The length of a note as people count it: one per character they see, so an emoji, a flag or a
 * letter with its accent is one (grapheme clusters), and a line break is one. Stops counting
 * past `stopAfter`, so a huge text costs no more than the limit.
 */
export function countNoteCharacters(text: string, stopAfter = Number.POSITIVE_INFINITY): number {
  // No grapheme is shorter than one UTF-16 unit: a text this short needs no segmenting.
  if (text.length <= 1) return text.length
  let count = 0
  graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' })
  for (const _ of graphemes.segment(text)) {
    count++
    if (count > stopAfter) break
  }
  return count
}

/** A note's text fits: at most 1,500 characters as people count them (RDN's update limit). */
export function noteFits(text: string): boolean {
  if (text.length <= NOTE_MAX_LENGTH) return true
  let codePoints = 0
  for (const _ of text) if (++codePoints > NOTE_MAX_CODE_POINTS) return false
  return countNoteCharacters(text, NOTE_MAX_LENGTH) <= NOTE_MAX_LENGTH
}

export const NOTE_TOO_LONG_MESSAGE = 'Note must be 1,500 characters or fewer.'
export const NOTE_BLANK_MESSAGE = 'Write the note before adding it.'
export const NOTE_TYPE_MESSAGE = 'Choose Agent Update, Office Note or Lender Update.'

/** A note as the timeline's form sends it: a type of the three, the text trimmed, 1 to 1,500 characters. */
export const noteInputSchema = z.object({
  type: z.enum(NOTE_TYPES, NOTE_TYPE_MESSAGE),
  body: z.string(NOTE_BLANK_MESSAGE).trim().min(1, NOTE_BLANK_MESSAGE).refine(noteFits, NOTE_TOO_LONG_MESSAGE),
  /** What the device adds to an Agent Update (issue 44): GPS, its clock, a photo. */
  evidence: evidenceSchema.optional(),
})
export type NoteInput = z.input<typeof noteInputSchema>

/**
 * The note type the form starts with: people in the field write Agent Updates, the office
 * Office Notes (an unknown role acts as a recovery agent, SPEC.md section 6).
 */
export function defaultNoteType(role: unknown): NoteType {
  const acting = normalizeRole(role)
  return acting === 'recovery_agent' || acting === 'camera_driver' ? 'Agent Update' : 'Office Note'
}
