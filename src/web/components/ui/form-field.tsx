import type * as React from 'react'
import { Input } from './input'
import { Label } from './label'
import { NativeSelect } from './native-select'

type Labelled = { id: string; label: string; error?: string }

/** The label above, the validation message below, linked to the control for screen readers. */
function Field({ id, label, error, control }: Labelled & { control: (errorProps: object) => React.ReactNode }) {
  const errorId = `${id}-error`
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {control({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

/** A labelled input with its validation message below. */
export function FormField({ id, label, error, ...inputProps }: React.ComponentProps<typeof Input> & Labelled) {
  return <Field id={id} label={label} error={error} control={(props) => <Input {...props} {...inputProps} />} />
}

/** A labelled native select (its options as children) with its validation message below. */
export function SelectField({
  id,
  label,
  error,
  ...selectProps
}: React.ComponentProps<typeof NativeSelect> & Labelled) {
  return <Field id={id} label={label} error={error} control={(props) => <NativeSelect {...props} {...selectProps} />} />
}

/** A labelled text area (an address, several lines) with its validation message below. */
export function TextareaField({
  id,
  label,
  error,
  className,
  ...areaProps
}: React.ComponentProps<'textarea'> & Labelled) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
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
