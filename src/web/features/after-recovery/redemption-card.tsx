import { HandCoins } from 'lucide-react'
import { canOpenScreen } from '../../../domain/auth/permissions'
import type { Screen } from '../../../domain/auth/screens'
import { formatCents } from '../../../domain/billing/money'
import { formatDateTime } from '../../../domain/formats/dates'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { cn } from '../../lib/utils'
import { useMe } from '../auth/session'
import type { ReportTarget } from '../condition-reports/api'
import { useQuote } from './api'
import { PaymentSection } from './payment-section'
import { ReleaseSection } from './release-section'

/** Those who release vehicles (the server's own list). */
const REDEMPTION_SCREENS: Screen[] = ['Vehicle Redemptions', 'Management Dashboard']

function QuoteSection({ target }: { target: ReportTarget }) {
  const quote = useQuote(target)
  if (quote.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>
  if (quote.isError) return <p className="text-sm text-muted-foreground">{quote.error.message}</p>
  const { asOf, charges, storage, excluded, totalCents, case: subject } = quote.data
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">Quote as of {formatDateTime(asOf)}</p>
      <table className="w-full text-sm">
        <caption className="sr-only">Redemption charges</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-1 font-medium">
              Charge
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {charges.map((charge) => (
            <tr key={charge.feeType} className="border-b">
              <td className="py-1">{charge.name}</td>
              <td className="py-1 text-right tabular-nums">{formatCents(charge.amountCents)}</td>
            </tr>
          ))}
          {storage && (
            <tr className="border-b">
              <td className="py-1">
                Storage ({storage.days} days, {storage.billableDays} billed)
              </td>
              <td className="py-1 text-right tabular-nums">{formatCents(storage.amountCents)}</td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="py-1 text-left">
              Total
            </th>
            <td className="py-1 text-right font-semibold tabular-nums">{formatCents(totalCents)}</td>
          </tr>
        </tfoot>
      </table>
      {excluded.length > 0 && (
        <div className="text-sm text-muted-foreground">
          <p>Not charged to the debtor in {subject.state ?? 'this state'}:</p>
          <ul className="list-disc pl-5">
            {excluded.map((fee) => (
              <li key={fee.feeType}>
                {fee.name} ({formatCents(fee.amountCents)})
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}

/** What the debtor pays to redeem the vehicle, and its release, on a case's detail. */
export function RedemptionCard({ target, className }: { target: ReportTarget; className?: string }) {
  const role = useMe().data?.profile.role
  if (!role || !REDEMPTION_SCREENS.some((screen) => canOpenScreen(role, screen))) return null
  return (
    <Card data-testid="redemption-card" className={cn(className)}>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <HandCoins className="size-4" aria-hidden />
          Redemption &amp; Release
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <section aria-label="Redemption quote">
          <QuoteSection target={target} />
        </section>
        <PaymentSection target={target} />
        <ReleaseSection target={target} />
      </CardContent>
    </Card>
  )
}
