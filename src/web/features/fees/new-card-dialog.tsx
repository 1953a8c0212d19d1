import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField, SelectField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { useClients } from '../clients/api'
import { useCreateRateCard } from './api'

/** A new rate card: a client of the company, optionally for one of its lienholders. */
export function NewCardDialog({
  clientId: chosen = '',
  onClose,
  onCreated,
}: {
  /** The client chosen already (an invoice's link to create its client's card). */
  clientId?: string
  onClose: () => void
  onCreated: (id: string) => void
}) {
  const clients = useClients('')
  const create = useCreateRateCard()
  const [clientId, setClientId] = useState(chosen)
  const [lienholderName, setLienholderName] = useState('')
  // The server's refusal: a reason about a field shows beside it, any other below the form.
  const [refusal, setRefusal] = useState<unknown>(null)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setRefusal(null)
    try {
      const card = await create.mutateAsync({ clientId, lienholderName: lienholderName.trim() || null })
      notify.success({ title: 'Rate card created' })
      onCreated(card.id)
    } catch (failure) {
      setRefusal(failure)
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>New rate card</DialogTitle>
        <DialogDescription>
          One per client, or per client and lienholder when a lienholder pays other rates.
        </DialogDescription>
        <FormProblems error={refusal}>
          <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
            <SelectField
              id="card-client"
              label="Client"
              value={clientId}
              onChange={(event) => setClientId(event.target.value)}
              name="clientId"
            >
              <option value="">Choose a client</option>
              {clients.data
                ?.filter((client) => client.active)
                .map((client) => (
                  <option key={client.id} value={client.id}>
                    {client.name}
                  </option>
                ))}
            </SelectField>
            <FormField
              id="card-lienholder"
              label="Lienholder (optional)"
              value={lienholderName}
              onChange={(event) => setLienholderName(event.target.value)}
              name="lienholderName"
            />
            <FormProblemsSummary className="text-sm text-destructive" />
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Saving...' : 'Create'}
            </Button>
          </form>
        </FormProblems>
      </DialogContent>
    </Dialog>
  )
}
