import { SelectField } from '../../../components/ui/form-field'
import { usePeople, useStateRules } from './api'

/** The second person at the inventory (required where the company inventories with two people). */
export function SecondPersonField({
  value,
  onChange,
  error,
}: {
  value: string
  onChange: (id: string) => void
  error?: string
}) {
  const people = usePeople()
  const required = useStateRules(true).data?.requireTwoPersonInventory ?? false
  return (
    <SelectField
      id="property-second-person"
      label={required ? 'Second person present (required)' : 'Second person present'}
      value={value}
      required={required}
      onChange={(event) => onChange(event.target.value)}
      field="secondPersonId"
      error={error ?? (people.isError ? `The list of people could not be loaded: ${people.error.message}` : undefined)}
    >
      <option value="">{people.isPending ? 'Loading...' : 'None'}</option>
      {(people.data?.people ?? []).map((person) => (
        <option key={person.id} value={person.id}>
          {person.name}
        </option>
      ))}
    </SelectField>
  )
}
