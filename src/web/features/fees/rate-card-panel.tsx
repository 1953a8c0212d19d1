import { Plus } from 'lucide-react'
import { useState } from 'react'
import { formatCents } from '../../../domain/billing/money'
import { BASIS_LABELS } from '../../../domain/billing/rate-sheet'
import { storageRuleText } from '../../../domain/billing/storage-rule-text'
import { formatCaseDate } from '../../../domain/formats/dates'
import { ExportMenu } from '../../components/export-menu'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { type RateCardDetail, useFeeCatalog, useRateCard } from './api'
import { VersionDialog } from './version-dialog'

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
          {formatCaseDate(version.effectiveFrom)} to{' '}
          {version.effectiveTo ? formatCaseDate(version.effectiveTo) : 'open'}
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
      <p className="text-sm text-muted-foreground">{storageRuleText(version.storage)}</p>
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

/** One rate card: its versions, newest first, and 'New version'. */
export function RateCardPanel({ cardId }: { cardId: string }) {
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
