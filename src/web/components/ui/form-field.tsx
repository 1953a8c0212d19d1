import type * as React from 'react'
import { Input } from './input'
import { Label } from './label'

type FormFieldProps = React.ComponentProps<typeof Input> & { id: string; label: string; error?: string }

/** A labelled input with its validation message below, linked for screen readers. */
export function FormField({ id, label, error, ...inputProps }: FormFieldProps) {
  const errorId = `${id}-error`
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} {...inputProps} />
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
