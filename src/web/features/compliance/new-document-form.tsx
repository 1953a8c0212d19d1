import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { FormField, SelectField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import { useCreateDocument, useDocumentTypes } from './api'

export function NewDocumentForm() {
  const types = useDocumentTypes()
  const create = useCreateDocument()
  const [documentTypeId, setDocumentTypeId] = useState('')
  const [effectiveDate, setEffectiveDate] = useState('')
  const [expirationDate, setExpirationDate] = useState('')
  const [notes, setNotes] = useState('')
  // The server's refusal: a reason about a field shows beside it.
  const [refusal, setRefusal] = useState<unknown>(null)
  async function add(event: React.FormEvent) {
    event.preventDefault()
    setRefusal(null)
    try {
      await create.mutateAsync({
        documentTypeId,
        effectiveDate: effectiveDate || null,
        expirationDate: expirationDate || null,
        notes: notes || null,
      })
      setEffectiveDate('')
      setExpirationDate('')
      setNotes('')
      notify.success({ title: 'Document added' })
    } catch (error) {
      if (error instanceof ApiError && error.problems.length) setRefusal(error)
      else notify.failure(error)
    }
  }
  return (
    <FormProblems error={refusal}>
      <form
        className="grid gap-2 rounded-md border p-3 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(event) => void add(event)}
      >
        <SelectField
          id="new-document-type"
          label="Document type"
          hideLabel
          name="documentTypeId"
          value={documentTypeId}
          onChange={(event) => setDocumentTypeId(event.target.value)}
        >
          <option value="">Document type...</option>
          {types.data?.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </SelectField>
        <div className="text-xs text-muted-foreground">
          <span>Effective</span>
          <FormField
            id="new-document-effective"
            label="Effective date"
            hideLabel
            name="effectiveDate"
            type="date"
            value={effectiveDate}
            onChange={(event) => setEffectiveDate(event.target.value)}
          />
        </div>
        <div className="text-xs text-muted-foreground">
          <span>Expires</span>
          <FormField
            id="new-document-expiration"
            label="Expiration date"
            hideLabel
            name="expirationDate"
            type="date"
            value={expirationDate}
            onChange={(event) => setExpirationDate(event.target.value)}
          />
        </div>
        <FormField
          id="new-document-notes"
          label="Notes"
          hideLabel
          name="notes"
          placeholder="Notes (optional)"
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
        <Button type="submit" disabled={!documentTypeId || create.isPending}>
          Add document
        </Button>
        <FormProblemsSummary className="text-sm text-destructive sm:col-span-2 lg:col-span-5" />
      </form>
    </FormProblems>
  )
}
