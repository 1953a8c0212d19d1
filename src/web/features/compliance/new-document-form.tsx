import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { NativeSelect } from '../../components/ui/native-select'
import { notify } from '../../components/ui/toaster'
import { useCreateDocument, useDocumentTypes } from './api'

export function NewDocumentForm() {
  const types = useDocumentTypes()
  const create = useCreateDocument()
  const [documentTypeId, setDocumentTypeId] = useState('')
  const [effectiveDate, setEffectiveDate] = useState('')
  const [expirationDate, setExpirationDate] = useState('')
  const [notes, setNotes] = useState('')
  async function add(event: React.FormEvent) {
    event.preventDefault()
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
      notify.failure(error)
    }
  }
  return (
    <form
      className="grid gap-2 rounded-md border p-3 sm:grid-cols-2 lg:grid-cols-5"
      onSubmit={(event) => void add(event)}
    >
      <NativeSelect
        aria-label="Document type"
        value={documentTypeId}
        onChange={(event) => setDocumentTypeId(event.target.value)}
      >
        <option value="">Document type...</option>
        {types.data?.map((type) => (
          <option key={type.id} value={type.id}>
            {type.name}
          </option>
        ))}
      </NativeSelect>
      <div className="text-xs text-muted-foreground">
        <span>Effective</span>
        <Input
          type="date"
          aria-label="Effective date"
          value={effectiveDate}
          onChange={(event) => setEffectiveDate(event.target.value)}
        />
      </div>
      <div className="text-xs text-muted-foreground">
        <span>Expires</span>
        <Input
          type="date"
          aria-label="Expiration date"
          value={expirationDate}
          onChange={(event) => setExpirationDate(event.target.value)}
        />
      </div>
      <Input
        aria-label="Notes"
        placeholder="Notes (optional)"
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
      />
      <Button type="submit" disabled={!documentTypeId || create.isPending}>
        Add document
      </Button>
    </form>
  )
}
