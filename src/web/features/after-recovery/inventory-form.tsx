import { Plus, Trash2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { NEEDS_DISPOSITION, PROPERTY_CATEGORIES, type PropertyCategory } from '../../../domain/property/inventory'
import { Button } from '../../components/ui/button'
import { FormField, SelectField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import type { ReportPhoto, ReportTarget } from '../condition-reports/api'
import { PhotoTile } from '../condition-reports/photo-tile'
import { useRecordInventory } from './api'
import { SecondPersonField } from './property/second-person'

type ItemDraft = {
  key: number
  category: PropertyCategory
  description: string
  quantity: string
  containerLabel: string
  lotPlace: string
  disposition: string
  photo: ReportPhoto | null
}

let nextKey = 0
const blankItem = (): ItemDraft => ({
  key: nextKey++,
  category: 'Personal items',
  description: '',
  quantity: '1',
  containerLabel: '',
  lotPlace: '',
  disposition: '',
  photo: null,
})

function ItemFields({
  item,
  index,
  onChange,
  onRemove,
}: {
  item: ItemDraft
  index: number
  onChange: (item: ItemDraft) => void
  onRemove: () => void
}) {
  const id = (field: string) => `property-${item.key}-${field}`
  // The server names an item's field by its place in the list ('items.0.description').
  const field = (name: string) => `items.${index}.${name}`
  const set = (field: keyof ItemDraft) => (event: { target: { value: string } }) =>
    onChange({ ...item, [field]: event.target.value })
  const needsDisposition = NEEDS_DISPOSITION.includes(item.category)
  return (
    <fieldset className="space-y-3 rounded-md border p-3" data-testid="property-draft-item">
      <legend className="px-1 text-sm font-medium">Item {index + 1}</legend>
      <PhotoTile
        id={id('photo')}
        label={`Item ${index + 1}`}
        file={item.photo}
        onUploaded={(photo) => onChange({ ...item, photo })}
        field={field('fileId')}
        className="w-40"
      />
      <SelectField
        id={id('category')}
        label="Category"
        field={field('category')}
        value={item.category}
        onChange={set('category')}
      >
        {PROPERTY_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </SelectField>
      <FormField
        id={id('description')}
        label="Description"
        field={field('description')}
        value={item.description}
        onChange={set('description')}
      />
      <div className="grid grid-cols-2 gap-3">
        <FormField
          id={id('quantity')}
          field={field('quantity')}
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={1}
          value={item.quantity}
          onChange={set('quantity')}
        />
        <FormField
          id={id('container')}
          field={field('containerLabel')}
          label="Container label"
          placeholder="1 of 3"
          value={item.containerLabel}
          onChange={set('containerLabel')}
        />
      </div>
      <FormField
        id={id('place')}
        label="Place in the lot"
        field={field('lotPlace')}
        value={item.lotPlace}
        onChange={set('lotPlace')}
      />
      <FormField
        id={id('disposition')}
        field={field('disposition')}
        label={needsDisposition ? 'Disposition (required)' : 'Disposition'}
        value={item.disposition}
        onChange={set('disposition')}
        required={needsDisposition}
      />
      <Button type="button" size="sm" variant="outline" onClick={onRemove}>
        <Trash2 aria-hidden />
        Remove item {index + 1}
      </Button>
    </fieldset>
  )
}

/** Lists what was found in the vehicle, or attests that nothing was. */
export function InventoryForm({ target }: { target: ReportTarget }) {
  const record = useRecordInventory(target)
  const [noProperty, setNoProperty] = useState(false)
  const [items, setItems] = useState<ItemDraft[]>(() => [blankItem()])
  const [secondPersonId, setSecondPersonId] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    record.mutate({
      noProperty,
      secondPersonId: secondPersonId || null,
      items: noProperty
        ? []
        : items.map((item) => ({
            category: item.category,
            description: item.description,
            quantity: Number(item.quantity) || 0,
            containerLabel: item.containerLabel.trim() || null,
            fileId: item.photo?.id ?? null,
            lotPlace: item.lotPlace || null,
            disposition: item.disposition || null,
          })),
    })
  }
  return (
    <FormProblems error={record.error}>
      <form className="space-y-3" onSubmit={submit} aria-label="Property inventory">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={noProperty} onChange={(e) => setNoProperty(e.target.checked)} />
          No personal property found
        </label>
        {!noProperty && (
          <>
            {items.map((item, index) => (
              <ItemFields
                key={item.key}
                item={item}
                index={index}
                onChange={(next) => setItems((all) => all.map((entry) => (entry.key === item.key ? next : entry)))}
                onRemove={() => setItems((all) => all.filter((entry) => entry.key !== item.key))}
              />
            ))}
            <Button type="button" variant="outline" onClick={() => setItems((all) => [...all, blankItem()])}>
              <Plus aria-hidden />
              Add item
            </Button>
          </>
        )}
        <SecondPersonField value={secondPersonId} onChange={setSecondPersonId} />
        <FormProblemsSummary className="text-sm text-destructive" />
        <Button type="submit" className="w-full sm:w-auto" disabled={record.isPending}>
          {record.isPending ? 'Saving...' : 'Save inventory'}
        </Button>
      </form>
    </FormProblems>
  )
}
