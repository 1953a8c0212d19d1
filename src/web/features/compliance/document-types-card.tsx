import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { Input } from '../../components/ui/input'
import { notify } from '../../components/ui/toaster'
import { useCreateDocumentType, useDocumentTypes } from './api'

export function DocumentTypesCard() {
  const types = useDocumentTypes()
  const create = useCreateDocumentType()
  const [name, setName] = useState('')
  const [category, setCategory] = useState('')
  async function add(event: React.FormEvent) {
    event.preventDefault()
    try {
      await create.mutateAsync({ name, category: category || null })
      setName('')
      setCategory('')
    } catch (error) {
      notify.failure(error)
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
        <form className="flex flex-wrap gap-2" onSubmit={(event) => void add(event)}>
          <Input
            aria-label="Type name"
            placeholder="Name, e.g. Agent Agreement"
            value={name}
            onChange={(event) => setName(event.target.value)}
            className="w-60"
          />
          <Input
            aria-label="Category"
            placeholder="Category (optional)"
            value={category}
            onChange={(event) => setCategory(event.target.value)}
            className="w-48"
          />
          <Button type="submit" variant="outline" disabled={!name.trim() || create.isPending}>
            Add type
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
