import { useState } from 'react'
import { ID_TYPES, type ReleaseCompletion } from '../../../domain/redemption/release'
import { FormField, SelectField } from '../../components/ui/form-field'

/** What a hand-over records, as the form's state: who took the vehicle and the ID checked. */
export function useHandOverInput(releasedToName?: string | null) {
  const [releasedTo, setReleasedTo] = useState(releasedToName ?? '')
  const [idType, setIdType] = useState<ReleaseCompletion['idType']>(ID_TYPES[0])
  const [idLast4, setIdLast4] = useState('')
  return {
    value: { releasedTo, idType, idLast4 } satisfies ReleaseCompletion,
    setReleasedTo,
    setIdType,
    setIdLast4,
  }
}

/**
 * The hand-over's fields: who took the vehicle, the ID type and its last four characters, each
 * with the server's reason beside it (inside the form's <FormProblems>).
 */
export function HandOverFields({
  idPrefix,
  releasedToLabel,
  input,
}: {
  idPrefix: string
  releasedToLabel: string
  input: ReturnType<typeof useHandOverInput>
}) {
  return (
    <>
      <FormField
        id={`${idPrefix}-to`}
        label={releasedToLabel}
        value={input.value.releasedTo}
        onChange={(e) => input.setReleasedTo(e.target.value)}
        maxLength={120}
        field="releasedTo"
      />
      <SelectField
        id={`${idPrefix}-id-type`}
        label="ID type"
        value={input.value.idType}
        onChange={(e) => input.setIdType(e.target.value as ReleaseCompletion['idType'])}
        field="idType"
      >
        {ID_TYPES.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </SelectField>
      <FormField
        id={`${idPrefix}-id-last4`}
        label="Last 4 of ID"
        value={input.value.idLast4}
        onChange={(e) => input.setIdLast4(e.target.value)}
        maxLength={4}
        autoComplete="off"
        field="idLast4"
      />
    </>
  )
}
