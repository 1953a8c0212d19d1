import { Plus } from 'lucide-react'
import { useState } from 'react'
import { DEFAULT_CADENCE_DAYS, MAX_CADENCE_DAYS, MIN_CADENCE_DAYS } from '../../../domain/assignments/update-due'
import { DEFAULT_PAYMENT_TERMS_DAYS, MAX_PAYMENT_TERMS_DAYS } from '../../../domain/billing/payment-terms'
import { DEFAULT_PHOTO_SLOTS, slotsFromText, slotsText } from '../../../domain/condition/report'
import { formatWhole } from '../../../domain/formats/numbers'
import { ActiveBadge } from '../../components/active-badge'
import { ExportMenu } from '../../components/export-menu'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField, TextareaField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { type ClientRow, useClients, useSaveClient } from './api'
import { SubStatusesCard } from './sub-statuses-card'

type Draft = {
  name: string
  lienholderName: string
  displayName: string
  clientCode: string
  updateCadenceDays: string
  billingAddress: string
  paymentTermsDays: string
  releaseNeedsLenderAuthorization: boolean
  handOverNeedsPayment: boolean
  conditionPhotos: string
}
const EMPTY: Draft = {
  name: '',
  lienholderName: '',
  displayName: '',
  clientCode: '',
  updateCadenceDays: String(DEFAULT_CADENCE_DAYS),
  billingAddress: '',
  paymentTermsDays: String(DEFAULT_PAYMENT_TERMS_DAYS),
  releaseNeedsLenderAuthorization: false,
  handOverNeedsPayment: false,
  conditionPhotos: '',
}

/** Create or edit; mounted fresh for each client (keyed), so its form starts from that client. */
function ClientDialog({ client, onClose }: { client: ClientRow | null; onClose: () => void }) {
  const save = useSaveClient()
  const [draft, setDraft] = useState<Draft>(
    client
      ? {
          name: client.name,
          lienholderName: client.lienholder_name ?? '',
          displayName: client.display_name ?? '',
          clientCode: client.client_code,
          updateCadenceDays: String(client.update_cadence_days),
          billingAddress: client.billing_address ?? '',
          paymentTermsDays: String(client.payment_terms_days),
          releaseNeedsLenderAuthorization: client.release_needs_lender_authorization,
          handOverNeedsPayment: client.hand_over_needs_payment,
          conditionPhotos: slotsText(client.condition_photo_slots),
        }
      : EMPTY,
  )
  const [error, setError] = useState<{ field?: string; message: string } | null>(null)
  const set = (field: keyof Draft) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setDraft({ ...draft, [field]: event.target.value })
  const fieldError = (field: string) => (error?.field === field ? error.message.replace(/^\w+: /, '') : undefined)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    try {
      const { conditionPhotos, paymentTermsDays, ...fields } = draft
      await save.mutateAsync({
        id: client?.id,
        ...fields,
        // Blank keeps the client's terms (a new client's: 30 days), rather than reading as 0.
        paymentTermsDays: paymentTermsDays.trim() === '' ? undefined : paymentTermsDays,
        conditionPhotoSlots: slotsFromText(conditionPhotos),
      })
      notify.success({ title: client ? 'Client updated' : 'Client created' })
      onClose()
    } catch (failure) {
      setError({ field: failure instanceof ApiError ? failure.field : undefined, message: (failure as Error).message })
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>{client ? 'Edit client' : 'New client'}</DialogTitle>
        <DialogDescription>
          Import matches pasted client names against these, with the lienholder. A case with no Agent Update for the
          update cadence is marked due.
        </DialogDescription>
        <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
          <FormField
            id="client-name"
            label="Name"
            value={draft.name}
            onChange={set('name')}
            error={fieldError('name')}
          />
          <FormField
            id="client-lienholder"
            label="Lienholder"
            value={draft.lienholderName}
            onChange={set('lienholderName')}
            error={fieldError('lienholderName')}
          />
          <FormField
            id="client-display"
            label="Display name"
            value={draft.displayName}
            onChange={set('displayName')}
            error={fieldError('displayName')}
          />
          <FormField
            id="client-code"
            label="Client code"
            placeholder="Generated from the name and lienholder when blank"
            value={draft.clientCode}
            onChange={set('clientCode')}
            error={fieldError('clientCode')}
          />
          <FormField
            id="client-cadence"
            label="Update cadence (days)"
            type="number"
            inputMode="numeric"
            min={MIN_CADENCE_DAYS}
            max={MAX_CADENCE_DAYS}
            value={draft.updateCadenceDays}
            onChange={set('updateCadenceDays')}
            error={fieldError('updateCadenceDays')}
          />
          <TextareaField
            id="client-billing-address"
            label="Billing address"
            placeholder="Where its invoices and statements are addressed"
            rows={3}
            value={draft.billingAddress}
            onChange={set('billingAddress')}
            error={fieldError('billingAddress')}
          />
          <FormField
            id="client-payment-terms"
            label="Payment terms (days)"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_PAYMENT_TERMS_DAYS}
            value={draft.paymentTermsDays}
            onChange={set('paymentTermsDays')}
            error={fieldError('paymentTermsDays')}
          />
          <FormField
            id="client-photos"
            label="Condition report photos"
            placeholder={`Standard: ${slotsText(DEFAULT_PHOTO_SLOTS)}`}
            value={draft.conditionPhotos}
            onChange={set('conditionPhotos')}
            error={error?.field?.startsWith('conditionPhotoSlots') ? error.message.replace(/^[\w.]+: /, '') : undefined}
          />
          <label className="flex items-start gap-2 text-sm" htmlFor="client-lender-release">
            <input
              id="client-lender-release"
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={draft.releaseNeedsLenderAuthorization}
              onChange={(event) => setDraft({ ...draft, releaseNeedsLenderAuthorization: event.target.checked })}
            />
            The lender must authorize each release of its vehicles
          </label>
          <label className="flex items-start gap-2 text-sm" htmlFor="client-payment-first">
            <input
              id="client-payment-first"
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={draft.handOverNeedsPayment}
              onChange={(event) => setDraft({ ...draft, handOverNeedsPayment: event.target.checked })}
            />
            The debtor must pay the redemption quote before a vehicle is handed over
          </label>
          {error && !error.field && <p className="text-sm text-destructive">{error.message}</p>}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  )
}

/** /dashboard/clients: the company's lenders with their codes, orders and cases. */
export function ClientsPage() {
  const [search, setSearch] = useState('')
  const q = useDebouncedValue(search.trim(), 250)
  const clients = useClients(q)
  const save = useSaveClient()
  const [editing, setEditing] = useState<ClientRow | null>(null)
  const [open, setOpen] = useState(false)

  async function setActive(client: ClientRow, active: boolean) {
    if (!active && !window.confirm(`Deactivate ${client.name}? Imports stop matching it; its orders stay.`)) return
    try {
      await save.mutateAsync({
        id: client.id,
        name: client.name,
        lienholderName: client.lienholder_name,
        displayName: client.display_name,
        clientCode: client.client_code,
        active,
      })
      notify.success({ title: active ? 'Client reactivated' : 'Client deactivated' })
    } catch (error) {
      notify.failure(error)
    }
  }

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="space-y-1.5">
            <CardTitle as="h1">Client Management</CardTitle>
            <CardDescription>
              Lenders the agency works for; the import matches pasted client names against the active ones.
            </CardDescription>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <ExportMenu list="clients" query={{ q }} title="clients" />
            <Button
              onClick={() => {
                setEditing(null)
                setOpen(true)
              }}
            >
              <Plus aria-hidden />
              New client
            </Button>
          </div>
        </CardHeader>
        <CardContent className="space-y-3">
          <Input
            aria-label="Search clients"
            placeholder="Search by name, lienholder or code..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="max-w-sm"
          />
          {clients.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
          {clients.isError && <p className="text-sm text-destructive">{clients.error.message}</p>}
          {clients.data?.length === 0 && (
            <p className="text-sm text-muted-foreground">{q ? 'No clients match.' : 'No clients yet.'}</p>
          )}
          {clients.data && clients.data.length > 0 && (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead className="text-left text-muted-foreground">
                  <tr>
                    <th className="p-2">Name</th>
                    <th className="p-2">Lienholder</th>
                    <th className="p-2">Code</th>
                    <th className="p-2 text-right">Orders</th>
                    <th className="p-2 text-right">Cases</th>
                    <th className="p-2">Status</th>
                    <th className="p-2" />
                  </tr>
                </thead>
                <tbody>
                  {clients.data.map((client) => (
                    <tr key={client.id} className="border-t" data-testid="client-row">
                      <td className="p-2">
                        <div className="font-medium">{client.name}</div>
                        {client.display_name && client.display_name !== client.name && (
                          <div className="text-xs text-muted-foreground">{client.display_name}</div>
                        )}
                      </td>
                      <td className="p-2">{client.lienholder_name ?? '-'}</td>
                      <td className="p-2 font-mono">{client.client_code}</td>
                      <td className="p-2 text-right">{formatWhole(client.order_count)}</td>
                      <td className="p-2 text-right">{formatWhole(client.case_count)}</td>
                      <td className="p-2">
                        <ActiveBadge active={client.active} />
                      </td>
                      <td className="space-x-2 whitespace-nowrap p-2 text-right">
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => {
                            setEditing(client)
                            setOpen(true)
                          }}
                        >
                          Edit
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => void setActive(client, !client.active)}>
                          {client.active ? 'Deactivate' : 'Reactivate'}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
      <SubStatusesCard />
      {open && <ClientDialog key={editing?.id ?? 'new'} client={editing} onClose={() => setOpen(false)} />}
    </div>
  )
}
