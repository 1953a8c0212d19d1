import { useState } from 'react'
import { formatWhole } from '../../../domain/formats/numbers'
import { countNoteCharacters, defaultNoteType, NOTE_MAX_CODE_POINTS, noteFits } from '../../../domain/timeline/note'
import { NOTE_MAX_LENGTH, NOTE_TYPES, type NoteType } from '../../../domain/timeline/timeline'
import { Button } from '../../components/ui/button'
import { SelectField } from '../../components/ui/form-field'
import { Label } from '../../components/ui/label'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import { cn } from '../../lib/utils'
import { useMe } from '../auth/session'
import { type TimelineTarget, useAddNote } from './api'

const LIMIT_TEXT = formatWhole(NOTE_MAX_LENGTH)
const TOO_LONG = `Note must be ${LIMIT_TEXT} characters or fewer.`

type Problem = { field: 'type' | 'body' | null; message: string }

/** The server's reason without its 'body: ' field prefix, and which field it is about. */
function problemOf(error: unknown): Problem {
  const message = error instanceof Error ? error.message : 'The note could not be added. Try again.'
  const field = error instanceof ApiError && (error.field === 'type' || error.field === 'body') ? error.field : null
  return { field, message: field ? message.replace(/^\w+: /, '') : message }
}

/**
 * The note form above the timeline: a type, the text with a live count against RDN's 1,500
 * characters (counted as the server counts them), and Add Note. A failure keeps the text and
 * shows the server's reason beside the field.
 */
export function NoteForm({ target, idPrefix }: { target: TimelineTarget; idPrefix: string }) {
  const me = useMe()
  const [chosenType, setChosenType] = useState<NoteType | null>(null)
  const [body, setBody] = useState('')
  const [problem, setProblem] = useState<Problem | null>(null)
  const add = useAddNote(target)
  const type = chosenType ?? defaultNoteType(me.data?.profile.role)
  // Counting stops somewhere past any note that could fit: a huge paste costs no more.
  const count = countNoteCharacters(body.trim(), NOTE_MAX_CODE_POINTS)
  const tooLong = !noteFits(body.trim())
  const blank = body.trim() === ''
  const ids = { type: `${idPrefix}-note-type`, body: `${idPrefix}-note-body`, count: `${idPrefix}-note-count` }
  const bodyError = problem?.field === 'body' ? problem.message : tooLong ? TOO_LONG : null

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (blank || tooLong) return
    setProblem(null)
    try {
      await add.mutateAsync({ type, body })
      setBody('')
      notify.success({ title: 'Note added' })
    } catch (error) {
      setProblem(problemOf(error))
    }
  }

  return (
    <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <SelectField
          id={ids.type}
          label="Type"
          value={type}
          onChange={(event) => setChosenType(event.target.value as NoteType)}
          error={problem?.field === 'type' ? problem.message : undefined}
          disabled={add.isPending}
        >
          {NOTE_TYPES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
        <div className="space-y-2">
          <Label htmlFor={ids.body}>Note</Label>
          <textarea
            id={ids.body}
            className="min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            placeholder="Write an update or a note..."
            value={body}
            onChange={(event) => {
              setBody(event.target.value)
              if (problem?.field === 'body') setProblem(null)
            }}
            aria-invalid={Boolean(bodyError)}
            aria-describedby={bodyError ? `${ids.count} ${ids.body}-error` : ids.count}
            disabled={add.isPending}
          />
          <div className="flex flex-wrap items-start justify-between gap-2 text-sm">
            <p id={`${ids.body}-error`} className="text-destructive">
              {bodyError}
            </p>
            <p
              id={ids.count}
              className={cn('ml-auto tabular-nums', tooLong ? 'font-medium text-destructive' : 'text-muted-foreground')}
            >
              {`${formatWhole(count)}${count > NOTE_MAX_CODE_POINTS ? '+' : ''} / ${LIMIT_TEXT}`}
            </p>
          </div>
        </div>
      </div>
      {problem && problem.field === null && <p className="text-sm text-destructive">{problem.message}</p>}
      <div className="flex justify-end">
        <Button type="submit" disabled={blank || tooLong || add.isPending}>
          {add.isPending ? 'Adding...' : 'Add Note'}
        </Button>
      </div>
    </form>
  )
}
