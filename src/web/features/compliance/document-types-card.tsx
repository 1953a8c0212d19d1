import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import { useCreateDocumentType, useDocumentTypes } from './api'

export function DocumentTypesCard() {
  const types = useDocumentTypes()
  const create = useCreateDocumentType()
  const [name, setName] = useState('')
  const [category, setCategory] = useState('')
  // The server's refusal: a reason about a field shows beside it.
  const [refusal, setRefusal] = useState<unknown>(null)
  async function add(event: React.FormEvent) {
    event.preventDefault()
    setRefusal(null)
    try {
      await create.mutateAsync({ name, category: category || null })
      setName('')
      setCategory('')
    } catch (error) {
      if (error instanceof ApiError && error.problems.length) setRefusal(error)
      else notify.failure(error)
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Document Types</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {types.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
        {types.isError && <p className="text-sm text-destructive">{types.error.message}</p>}
        <ul className="flex flex-wrap gap-2 text-sm">
          {types.data?.map((type) => (
            <li key={type.id} className="rounded-md border px-2 py-1">
              {type.name}
              {type.category && <span className="text-muted-foreground">{` · ${type.category}`}</span>}
            </li>
          ))}
          {types.data?.length === 0 && <li className="text-muted-foreground">No document types yet.</li>}
        </ul>
        <FormProblems error={refusal}>
          <form className="flex flex-wrap items-start gap-2" onSubmit={(event) => void add(event)}>
            <FormField
              id="document-type-name"
              label="Type name"
              hideLabel
              name="name"
              placeholder="Name, e.g. Agent Agreement"
              value={name}
              onChange={(event) => setName(event.target.value)}
              className="w-60"
            />
            <FormField
              id="document-type-category"
              label="Category"
              hideLabel
              name="category"
              placeholder="Category (optional)"
              value={category}
              onChange={(event) => setCategory(event.target.value)}
              className="w-48"
            />
            <Button type="submit" variant="outline" disabled={!name.trim() || create.isPending}>
              Add type
            </Button>
            <FormProblemsSummary className="basis-full text-sm text-destructive" />
          </form>
        </FormProblems>
      </CardContent>
    </Card>
  )
}
