import { type FormEvent, useState } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField, TextareaField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { type CompanySettings, useCompanySettings, useSaveCompanySettings } from './api'

type Draft = { name: string; address: string; phone: string; remitTo: string }
const draftOf = (settings: CompanySettings): Draft => ({
  name: settings.name,
  address: settings.address ?? '',
  phone: settings.phone ?? '',
  remitTo: settings.remitTo ?? '',
})

/** The agency's name, address, phone and remit-to, as invoices and statements print them (administrators only). */
export function CompanySettingsCard() {
  const settings = useCompanySettings()
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Company settings</CardTitle>
        <CardDescription>
          What invoices and statements print about the agency, and where clients send payment.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError && (
          <p className="text-sm text-destructive">{`Failed to load the settings: ${settings.error.message}`}</p>
        )}
        {settings.data && <SettingsForm settings={settings.data} />}
      </CardContent>
    </Card>
  )
}

function SettingsForm({ settings }: { settings: CompanySettings }) {
  const save = useSaveCompanySettings()
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings))
  // The server's refusal: a reason about a field shows beside it, any other below the form.
  const [refusal, setRefusal] = useState<unknown>(null)
  const set = (field: keyof Draft) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setDraft({ ...draft, [field]: event.target.value })

  async function submit(event: FormEvent) {
    event.preventDefault()
    setRefusal(null)
    try {
      setDraft(draftOf(await save.mutateAsync(draft)))
      notify.success({ title: 'Company settings saved' })
    } catch (failure) {
      setRefusal(failure)
    }
  }

  return (
    <FormProblems error={refusal}>
      <form className="grid gap-3 md:grid-cols-2" onSubmit={(event) => void submit(event)} noValidate>
        <FormField id="company-name" label="Agency name" value={draft.name} onChange={set('name')} name="name" />
        <FormField
          id="company-phone"
          label="Phone"
          type="tel"
          placeholder="(555) 010-2000"
          value={draft.phone}
          onChange={set('phone')}
          name="phone"
        />
        <TextareaField
          id="company-address"
          label="Address"
          rows={3}
          value={draft.address}
          onChange={set('address')}
          name="address"
        />
        <TextareaField
          id="company-remit-to"
          label="Remit to"
          placeholder="Where clients send payment (the address above when blank)"
          rows={3}
          value={draft.remitTo}
          onChange={set('remitTo')}
          name="remitTo"
        />
        <FormProblemsSummary className="text-sm text-destructive md:col-span-2" />
        <div className="md:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save settings'}
          </Button>
        </div>
      </form>
    </FormProblems>
  )
}
