import type * as React from 'react'
import { cn } from '../../lib/utils'
import { useFieldProblem } from './form-problems'
import { Input } from './input'
import { Label } from './label'
import { NativeSelect } from './native-select'

/**
 * `error`: the form's own check; else, inside <FormProblems>, the server's reason for the field
 * named `field` (default: the control's `name`, which react-hook-form's register sets).
 * `hideLabel`: a compact inline form (its placeholder says what to type): the label is the
 * control's accessible name only. `wrapperClassName`: the size of label, control and reason
 * together in a row of controls (`w-full max-w-xs`).
 */
type Labelled = {
  id: string
  label: string
  error?: string
  field?: string
  hideLabel?: boolean
  wrapperClassName?: string
}

/** The label above, the validation message below, linked to the control for screen readers. */
function Field({
  id,
  label,
  error: ownError,
  field,
  hideLabel,
  wrapperClassName,
  control,
}: Labelled & { control: (errorProps: object) => React.ReactNode }) {
  const serverError = useFieldProblem(field, id)
  const error = ownError ?? serverError
  const errorId = `${id}-error`
  return (
    <div className={cn('space-y-2', wrapperClassName)}>
      {!hideLabel && <Label htmlFor={id}>{label}</Label>}
      {control({
        id,
        'aria-label': hideLabel ? label : undefined,
        'aria-invalid': Boolean(error),
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

/** A labelled input with its validation message below. */
export function FormField({
  id,
  label,
  error,
  field,
  hideLabel,
  wrapperClassName,
  ...inputProps
}: React.ComponentProps<typeof Input> & Labelled) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hideLabel={hideLabel}
      wrapperClassName={wrapperClassName}
      field={field ?? inputProps.name}
      control={(props) => <Input {...props} {...inputProps} />}
    />
  )
}

/** A labelled native select (its options as children) with its validation message below. */
export function SelectField({
  id,
  label,
  error,
  field,
  hideLabel,
  wrapperClassName,
  ...selectProps
}: React.ComponentProps<typeof NativeSelect> & Labelled) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hideLabel={hideLabel}
      wrapperClassName={wrapperClassName}
      field={field ?? selectProps.name}
      control={(props) => <NativeSelect {...props} {...selectProps} />}
    />
  )
}

/** A labelled text area (an address, several lines) with its validation message below. */
export function TextareaField({
  id,
  label,
  error,
  field,
  hideLabel,
  wrapperClassName,
  className,
  ...areaProps
}: React.ComponentProps<'textarea'> & Labelled) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hideLabel={hideLabel}
      wrapperClassName={wrapperClassName}
      field={field ?? areaProps.name}
      control={(props) => (
        <textarea
          {...props}
          {...areaProps}
          className={`flex min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 md:text-sm ${className ?? ''}`}
        />
      )}
    />
  )
}
