import { useState } from 'react'
import { DEFAULT_CADENCE_DAYS, MAX_CADENCE_DAYS, MIN_CADENCE_DAYS } from '../../../domain/assignments/update-due'
import { DEFAULT_PAYMENT_TERMS_DAYS, MAX_PAYMENT_TERMS_DAYS } from '../../../domain/billing/payment-terms'
import { DEFAULT_PHOTO_SLOTS, slotsFromText, slotsText } from '../../../domain/condition/report'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField, TextareaField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { type ClientRow, useSaveClient } from './api'

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
export function ClientDialog({ client, onClose }: { client: ClientRow | null; onClose: () => void }) {
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
  // The server's refusal: a reason about a field shows beside it, any other below the form.
  const [refusal, setRefusal] = useState<unknown>(null)
  const set = (field: keyof Draft) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setDraft({ ...draft, [field]: event.target.value })

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setRefusal(null)
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
      setRefusal(failure)
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
        <FormProblems error={refusal}>
          <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
            <FormField id="client-name" label="Name" value={draft.name} onChange={set('name')} name="name" />
            <FormField
              id="client-lienholder"
              label="Lienholder"
              value={draft.lienholderName}
              onChange={set('lienholderName')}
              name="lienholderName"
            />
            <FormField
              id="client-display"
              label="Display name"
              value={draft.displayName}
              onChange={set('displayName')}
              name="displayName"
            />
            <FormField
              id="client-code"
              label="Client code"
              placeholder="Generated from the name and lienholder when blank"
              value={draft.clientCode}
              onChange={set('clientCode')}
              name="clientCode"
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
              name="updateCadenceDays"
            />
            <TextareaField
              id="client-billing-address"
              label="Billing address"
              placeholder="Where its invoices and statements are addressed"
              rows={3}
              value={draft.billingAddress}
              onChange={set('billingAddress')}
              name="billingAddress"
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
              name="paymentTermsDays"
            />
            <FormField
              id="client-photos"
              label="Condition report photos"
              placeholder={`Standard: ${slotsText(DEFAULT_PHOTO_SLOTS)}`}
              value={draft.conditionPhotos}
              onChange={set('conditionPhotos')}
              name="conditionPhotoSlots"
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
            <FormProblemsSummary className="text-sm text-destructive" />
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </form>
        </FormProblems>
      </DialogContent>
    </Dialog>
  )
}
