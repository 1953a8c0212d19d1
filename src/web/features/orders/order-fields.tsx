import { MapPin } from 'lucide-react'
import type { ReactNode } from 'react'
import type { EditableOrderField } from '../../../domain/orders/order-edit'
import { Field } from '../../components/detail-card'
import { Button } from '../../components/ui/button'
import { useFieldProblem } from '../../components/ui/form-problems'
import { Input } from '../../components/ui/input'
import { openInMaps } from '../../lib/open-in-maps'
import { type OrderEditor, serverFieldOf } from './use-order-edit'

const FIELD_LABELS: Record<EditableOrderField, string> = {
  color: 'Color',
  license_plate: 'License Plate',
  borrower_name: 'Full Name',
  borrower_phone: 'Phone',
  borrower_address: 'Home Address',
  borrower_city: 'City',
  borrower_state: 'State',
  borrower_zip: 'ZIP',
  borrower_work_address: 'Work Address',
  borrower_work_city: 'Work City',
  borrower_work_state: 'Work State',
  borrower_work_zip: 'Work ZIP',
}

/** One editable order field: an input in Edit mode, else its value (with copy when asked). */
export function EditableField({
  editor,
  field,
  value,
  copy,
}: {
  editor: OrderEditor
  field: EditableOrderField
  value: ReactNode
  copy?: string | null
}) {
  if (!editor.draft) return <Field label={FIELD_LABELS[field]} value={value} copy={copy} />
  return <FieldInput editor={editor} field={field} />
}

/** An input in Edit mode, as one dt/dd pair of the card's list (a <dl> holds nothing else). */
function FieldInput({ editor, field }: { editor: OrderEditor; field: EditableOrderField }) {
  return (
    <div>
      <dt className="sr-only">{FIELD_LABELS[field]}</dt>
      <dd>
        <LabelledInput editor={editor} field={field} />
      </dd>
    </div>
  )
}

function LabelledInput({ editor, field }: { editor: OrderEditor; field: EditableOrderField }) {
  const id = `order-${field}`
  const serverError = useFieldProblem(serverFieldOf(field), id)
  const error = editor.errors[field] ?? serverError
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        {FIELD_LABELS[field]}
      </label>
      <Input
        id={id}
        value={editor.draft?.[field] ?? ''}
        onChange={(event) => editor.change(field, event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        disabled={editor.saving}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

/** An address in Edit mode: street, city, state and ZIP inputs, as one dt/dd pair of the card's list. */
export function AddressInputs({
  editor,
  title,
  fields,
}: {
  editor: OrderEditor
  title: string
  fields: EditableOrderField[]
}) {
  return (
    <div>
      <dt className="sr-only">{title}</dt>
      <dd className="grid gap-2 sm:grid-cols-2">
        {fields.map((field) => (
          <LabelledInput key={field} editor={editor} field={field} />
        ))}
      </dd>
    </div>
  )
}

/** An address with a button that opens it in a maps service. */
export function MappedAddress({ text, mapQuery }: { text: string; mapQuery?: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span>{text}</span>
      <Button
        variant="ghost"
        size="icon"
        className="size-7"
        aria-label={`Open ${text} in Maps`}
        onClick={() => void openInMaps(mapQuery ?? text)}
      >
        <MapPin aria-hidden />
      </Button>
    </span>
  )
}
