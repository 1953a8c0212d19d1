import { Plus, Trash2 } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { useFieldProblem } from '../../components/ui/form-problems'
import { cn } from '../../lib/utils'
import type { ReportPhoto } from './api'
import { PhotoTile } from './photo-tile'

/** A yes/no answer as two large buttons (radios underneath); neither is chosen until someone answers. */
export function YesNo({
  name,
  legend,
  value,
  onChange,
  field,
}: {
  name: string
  legend: string
  value: boolean | null
  onChange: (value: boolean) => void
  /** The server's name for the answer in a refusal ('keysPresent'): its reason shows below, the Yes takes the focus. */
  field?: string
}) {
  const firstId = `${name}-yes`
  const problem = useFieldProblem(field, firstId)
  const errorId = `${name}-error`
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {[true, false].map((option) => (
          <label
            key={String(option)}
            className={cn(
              'relative flex h-11 items-center justify-center rounded-md border border-input text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2',
              value === option ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent',
            )}
          >
            {/* Over the whole button, unseen: a tap anywhere on it answers. */}
            <input
              id={option ? firstId : `${name}-no`}
              type="radio"
              name={name}
              aria-invalid={Boolean(problem)}
              aria-describedby={problem ? errorId : undefined}
              className="absolute inset-0 cursor-pointer opacity-0"
              checked={value === option}
              onChange={() => onChange(option)}
            />
            {option ? 'Yes' : 'No'}
          </label>
        ))}
      </div>
      {problem && (
        <p id={errorId} className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </fieldset>
  )
}

export type DamageRow = { key: string; area: string; description: string; file: ReportPhoto | null }

let lastDamageKey = 0
export const newDamage = (): DamageRow => ({ key: `new-${++lastDamageKey}`, area: '', description: '', file: null })

/** The damage marks: where, what, and a photo of each; added and removed freely until accepted. */
export function DamageMarks({
  damages,
  onChange,
  onPhoto,
}: {
  damages: DamageRow[]
  onChange: (damages: DamageRow[]) => void
  onPhoto: (key: string, file: ReportPhoto) => void
}) {
  const edit = (key: string, change: Partial<DamageRow>) =>
    onChange(damages.map((damage) => (damage.key === key ? { ...damage, ...change } : damage)))
  return (
    <div className="space-y-3">
      <h3 className="text-sm font-medium">Damage</h3>
      {damages.length === 0 && <p className="text-sm text-muted-foreground">No damage marked.</p>}
      {damages.map((damage, index) => {
        const name = `Damage ${index + 1}`
        const id = `damage-${damage.key}`
        return (
          <fieldset key={damage.key} className="space-y-3 rounded-md border p-3" data-testid="damage-mark">
            <legend className="sr-only">{name}</legend>
            <div className="flex items-center justify-between gap-2">
              <span className="text-sm font-medium" aria-hidden>
                {name}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={`Remove ${name.toLowerCase()}`}
                onClick={() => onChange(damages.filter((other) => other.key !== damage.key))}
              >
                <Trash2 aria-hidden />
                Remove
              </Button>
            </div>
            <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
              <div className="space-y-3">
                <FormField
                  id={`${id}-area`}
                  label="Area"
                  placeholder="Rear bumper"
                  maxLength={80}
                  field={`damages.${index}.area`}
                  value={damage.area}
                  onChange={(event) => edit(damage.key, { area: event.target.value })}
                />
                <FormField
                  id={`${id}-description`}
                  label="Description"
                  placeholder="Scratch, about 10 inches"
                  maxLength={500}
                  field={`damages.${index}.description`}
                  value={damage.description}
                  onChange={(event) => edit(damage.key, { description: event.target.value })}
                />
              </div>
              <PhotoTile
                id={`${id}-photo`}
                label={name}
                file={damage.file}
                onUploaded={(file) => onPhoto(damage.key, file)}
                field={`damages.${index}.fileId`}
                className="w-1/2 sm:w-full"
              />
            </div>
          </fieldset>
        )
      })}
      <Button
        type="button"
        variant="outline"
        className="w-full sm:w-auto"
        onClick={() => onChange([...damages, newDamage()])}
      >
        <Plus aria-hidden />
        Add damage
      </Button>
    </div>
  )
}
