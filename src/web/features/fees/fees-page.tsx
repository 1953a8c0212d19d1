import { Plus } from 'lucide-react'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { formatCents } from '../../../domain/billing/money'
import { BASIS_LABELS } from '../../../domain/billing/rate-sheet'
import { ExportMenu } from '../../components/export-menu'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField, SelectField } from '../../components/ui/form-field'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import { useClients } from '../clients/api'
import { type RateCardDetail, useCreateRateCard, useFeeCatalog, useRateCard, useRateCards } from './api'
import { VersionDialog } from './version-dialog'

/** A new rate card: a client of the company, optionally for one of its lienholders. */
function NewCardDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) {
  const clients = useClients('')
  const create = useCreateRateCard()
  const [clientId, setClientId] = useState('')
  const [lienholderName, setLienholderName] = useState('')
  const [error, setError] = useState<{ field?: string; message: string } | null>(null)
  const fieldError = (field: string) => (error?.field === field ? error.message.replace(/^\w+: /, '') : undefined)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    try {
      const card = await create.mutateAsync({ clientId, lienholderName: lienholderName.trim() || null })
      notify.success({ title: 'Rate card created' })
      onCreated(card.id)
    } catch (failure) {
      setError({ field: failure instanceof ApiError ? failure.field : undefined, message: (failure as Error).message })
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>New rate card</DialogTitle>
        <DialogDescription>
          One per client, or per client and lienholder when a lienholder pays other rates.
        </DialogDescription>
        <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
          <SelectField
            id="card-client"
            label="Client"
            value={clientId}
            onChange={(event) => setClientId(event.target.value)}
            error={fieldError('clientId')}
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
            error={fieldError('lienholderName')}
          />
          {error && !error.field && (
            <p role="alert" className="text-sm text-destructive">
              {error.message}
            </p>
          )}
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Saving...' : 'Create'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  )
}

const today = () => new Date().toISOString().slice(0, 10)

/** One version: its dates, whether in force today, its storage rule and rates. */
function VersionView({
  cardId,
  version,
  feeName,
}: {
  cardId: string
  version: RateCardDetail['versions'][number]
  feeName: (code: string) => string
}) {
  const day = today()
  const inForce = version.effectiveFrom <= day && (version.effectiveTo === null || day <= version.effectiveTo)
  return (
    <section className="space-y-2 rounded-md border p-3" data-testid="rate-card-version">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">Version {version.version}</h3>
        <span className="text-sm text-muted-foreground">
          {version.effectiveFrom} to {version.effectiveTo ?? 'open'}
        </span>
        {inForce && <Badge variant="secondary">In force today</Badge>}
        <div className="ml-auto">
          <ExportMenu
            list="rate-card"
            query={{ card: cardId, version: String(version.version) }}
            title={`version ${version.version}`}
          />
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        {version.storage
          ? `Storage: ${formatCents(version.storage.dailyCents)} a day after ${version.storage.freeDays} free days${
              version.storage.capCents === null ? '' : `, at most ${formatCents(version.storage.capCents)}`
            }.`
          : 'No storage rule.'}
      </p>
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1) */}
      <section className="overflow-x-auto" tabIndex={0} aria-label={`Version ${version.version} rates`}>
        <table className="w-full text-sm">
          <thead className="text-left text-muted-foreground">
            <tr>
              <th className="p-2">Fee</th>
              <th className="p-2">Order type</th>
              <th className="p-2">Basis</th>
              <th className="p-2 text-right">Amount</th>
              <th className="p-2">Min / max</th>
              <th className="p-2">Rules</th>
            </tr>
          </thead>
          <tbody>
            {version.rows.map((row) => (
              <tr key={`${row.feeType}-${row.orderType ?? ''}`} className="border-t">
                <td className="p-2">{feeName(row.feeType)}</td>
                <td className="p-2">{row.orderType ?? 'Any'}</td>
                <td className="p-2">
                  {BASIS_LABELS[row.basis]}
                  {row.basis === 'per_mile' && row.includedMiles > 0 && ` after ${row.includedMiles} miles`}
                </td>
                <td className="p-2 text-right tabular-nums">{formatCents(row.amountCents)}</td>
                <td className="p-2 tabular-nums">
                  {row.minCents === null ? '-' : formatCents(row.minCents)} /{' '}
                  {row.maxCents === null ? '-' : formatCents(row.maxCents)}
                </td>
                <td className="space-x-1 p-2">
                  {row.needsApproval && <Badge variant="outline">Needs approval</Badge>}
                  {row.daysToInvoice !== null && (
                    <Badge variant="outline">Invoice within {row.daysToInvoice} days</Badge>
                  )}
                  {!row.billableToDebtor && <Badge variant="outline">Not billable to debtor</Badge>}
                  {Object.entries(row.marketAmounts).map(([market, cents]) => (
                    <Badge key={market} variant="outline">
                      {market}: {formatCents(cents)}
                    </Badge>
                  ))}
                  {row.billableToDebtor && row.noPassOnStates.length > 0 && (
                    <Badge variant="outline">Not passed on in {row.noPassOnStates.join(', ')}</Badge>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  )
}

function RateCardPanel({ cardId }: { cardId: string }) {
  const card = useRateCard(cardId)
  const catalog = useFeeCatalog()
  const [adding, setAdding] = useState(false)
  const feeName = (code: string) => catalog.data?.find((type) => type.code === code)?.name ?? code
  if (card.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>
  if (card.isError) return <p className="text-sm text-destructive">{card.error.message}</p>
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">
          {card.data.client_name}
          {card.data.lienholder_name && (
            <span className="font-normal text-muted-foreground"> for {card.data.lienholder_name}</span>
          )}
        </h2>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden />
          New version
        </Button>
      </div>
      {card.data.versions.length === 0 && (
        <p className="text-sm text-muted-foreground">No versions yet: add one to start pricing this client's cases.</p>
      )}
      {card.data.versions.map((version) => (
        <VersionView key={version.id} cardId={cardId} version={version} feeName={feeName} />
      ))}
      {adding && <VersionDialog card={card.data} onClose={() => setAdding(false)} />}
    </div>
  )
}

function FeeCatalogCard() {
  const catalog = useFeeCatalog()
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Fee catalog</CardTitle>
        <CardDescription>
          Every rate, fee request and invoice line names one of these; the aliases map lenders' names onto them.
        </CardDescription>
      </CardHeader>
      {/* Scrolls sideways on a phone: a focusable region, so a keyboard can scroll it too. */}
      <CardContent className="overflow-x-auto" tabIndex={0} role="region" aria-label="Fee catalog table">
        {catalog.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
        {catalog.isError && <p className="text-sm text-destructive">{catalog.error.message}</p>}
        {catalog.data && (
          <table className="w-full text-sm">
            <thead className="text-left text-muted-foreground">
              <tr>
                <th className="p-2">Fee</th>
                <th className="p-2">Category</th>
                <th className="p-2">GL code</th>
                <th className="p-2">Also called</th>
              </tr>
            </thead>
            <tbody>
              {catalog.data.map((type) => (
                <tr key={type.code} className="border-t">
                  <td className="p-2 font-medium">{type.name}</td>
                  <td className="p-2">{type.category}</td>
                  <td className="p-2 font-mono">{type.glCode}</td>
                  <td className="p-2 text-muted-foreground">{type.aliases.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  )
}

/** /dashboard/fees: clients' rate cards, versioned by effective date, and the fee catalog. */
export function FeesPage() {
  const cards = useRateCards()
  const [params, setParams] = useSearchParams()
  const selected = params.get('card') ?? cards.data?.[0]?.id ?? null
  const [creating, setCreating] = useState(false)
  const select = (id: string) => setParams({ card: id }, { replace: true })

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="space-y-1.5">
            <CardTitle as="h1">Fee Schedules</CardTitle>
            <CardDescription>
              What each client pays: rate cards by effective date; the version in force on a repossession date prices
              the case.
            </CardDescription>
          </div>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            New rate card
          </Button>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-[16rem_1fr]">
          <nav aria-label="Rate cards" className="min-w-0 space-y-1">
            {cards.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
            {cards.isError && <p className="text-sm text-destructive">{cards.error.message}</p>}
            {cards.data?.length === 0 && (
              <p className="text-sm text-muted-foreground">No rate cards yet: create one for a client.</p>
            )}
            {cards.data?.map((card) => (
              <button
                key={card.id}
                type="button"
                aria-current={card.id === selected ? 'true' : undefined}
                onClick={() => select(card.id)}
                className="w-full rounded-md px-3 py-2 text-left text-sm hover:bg-accent aria-[current=true]:bg-accent"
              >
                <span className="block font-medium">{card.client_name}</span>
                <span className="block text-xs text-muted-foreground">
                  {card.lienholder_name ? `For ${card.lienholder_name} · ` : ''}
                  {card.version_count} {card.version_count === 1 ? 'version' : 'versions'}
                </span>
              </button>
            ))}
          </nav>
          {/* min-w-0: a wide rates table scrolls inside its box, not the page (a grid track grows to its content). */}
          <div className="min-w-0">{selected && <RateCardPanel key={selected} cardId={selected} />}</div>
        </CardContent>
      </Card>
      <FeeCatalogCard />
      {creating && (
        <NewCardDialog
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false)
            select(id)
          }}
        />
      )}
    </div>
  )
}
