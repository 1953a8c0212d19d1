import { useState } from 'react'
import { formatWhole } from '../../../domain/formats/numbers'
import { countNoteCharacters, defaultNoteType, NOTE_MAX_CODE_POINTS, noteFits } from '../../../domain/timeline/note'
import { NOTE_MAX_LENGTH, NOTE_TYPES, type NoteType } from '../../../domain/timeline/timeline'
import { Button } from '../../components/ui/button'
import { SelectField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary, useFieldProblem } from '../../components/ui/form-problems'
import { Label } from '../../components/ui/label'
import { notify } from '../../components/ui/toaster'
import { cn } from '../../lib/utils'
import { useMe } from '../auth/session'
import { currentPosition } from '../holds/device-evidence'
import { type TimelineTarget, useAddNote } from './api'

const LIMIT_TEXT = formatWhole(NOTE_MAX_LENGTH)
const TOO_LONG = `Note must be ${LIMIT_TEXT} characters or fewer.`

/**
 * The note form above the timeline: a type, the text with a live count against RDN's 1,500
 * characters (counted as the server counts them), and Add Note. A failure keeps the text and
 * shows the server's reason beside the field.
 */
export function NoteForm({ target, idPrefix }: { target: TimelineTarget; idPrefix: string }) {
  const me = useMe()
  const [chosenType, setChosenType] = useState<NoteType | null>(null)
  const [body, setBody] = useState('')
  // The server's refusal: a reason about the type or the text beside it, any other below the form.
  const [refusal, setRefusal] = useState<unknown>(null)
  // Issue 44: an Agent Update may carry where the device is when it is written.
  const [withLocation, setWithLocation] = useState(false)
  const add = useAddNote(target)
  const type = chosenType ?? defaultNoteType(me.data?.profile.role)
  // Counting stops somewhere past any note that could fit: a huge paste costs no more.
  const count = countNoteCharacters(body.trim(), NOTE_MAX_CODE_POINTS)
  const tooLong = !noteFits(body.trim())
  const blank = body.trim() === ''
  const ids = { type: `${idPrefix}-note-type`, body: `${idPrefix}-note-body`, count: `${idPrefix}-note-count` }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (blank || tooLong) return
    setRefusal(null)
    try {
      const position = type === 'Agent Update' && withLocation ? await currentPosition() : null
      const evidence = position ? { ...position, deviceTime: new Date().toISOString() } : undefined
      await add.mutateAsync({ type, body, evidence })
      setBody('')
      notify.success({
        title: 'Note added',
        ...(withLocation && type === 'Agent Update' && !position
          ? { description: 'Your location was not available: added without it.' }
          : {}),
      })
    } catch (error) {
      setRefusal(error)
    }
  }

  return (
    <FormProblems error={refusal}>
      <NoteFields
        ids={ids}
        type={type}
        onType={setChosenType}
        body={body}
        onBody={setBody}
        count={count}
        tooLong={tooLong}
        blank={blank}
        pending={add.isPending}
        onSubmit={(event) => void submit(event)}
        location={type === 'Agent Update' ? { checked: withLocation, onChange: setWithLocation } : null}
      />
    </FormProblems>
  )
}

/** The note form's controls, inside its <FormProblems> (the text claims the server's reason about 'body'). */
function NoteFields({
  ids,
  type,
  onType,
  body,
  onBody,
  count,
  tooLong,
  blank,
  pending,
  onSubmit,
  location,
}: {
  ids: { type: string; body: string; count: string }
  type: NoteType
  onType: (type: NoteType) => void
  body: string
  onBody: (body: string) => void
  count: number
  tooLong: boolean
  blank: boolean
  pending: boolean
  onSubmit: (event: React.FormEvent) => void
  location: { checked: boolean; onChange: (checked: boolean) => void } | null
}) {
  const refused = useFieldProblem('body', ids.body)
  const bodyError = refused ?? (tooLong ? TOO_LONG : null)
  return (
    <form className="space-y-3" onSubmit={onSubmit} noValidate>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <SelectField
          id={ids.type}
          label="Type"
          value={type}
          onChange={(event) => onType(event.target.value as NoteType)}
          field="type"
          disabled={pending}
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
            onChange={(event) => onBody(event.target.value)}
            aria-invalid={Boolean(bodyError)}
            aria-describedby={bodyError ? `${ids.count} ${ids.body}-error` : ids.count}
            disabled={pending}
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
      <FormProblemsSummary className="text-sm text-destructive" />
      <div className="flex flex-wrap items-center justify-end gap-3">
        {location && (
          <label className="mr-auto flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={location.checked}
              onChange={(event) => location.onChange(event.target.checked)}
              disabled={pending}
            />
            Add my location
          </label>
        )}
        <Button type="submit" disabled={blank || tooLong || pending}>
          {pending ? 'Adding...' : 'Add Note'}
        </Button>
      </div>
    </form>
  )
}
