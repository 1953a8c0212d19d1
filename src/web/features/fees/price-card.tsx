import { Link } from 'react-router'
import { canOpenScreen } from '../../../domain/auth/permissions'
import { formatCents } from '../../../domain/billing/money'
import { formatCaseDate } from '../../../domain/formats/dates'
import { Badge } from '../../components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { useMe } from '../auth/session'
import { type PriceTarget, useCasePrice } from './api'

function CasePrice({ target }: { target: PriceTarget }) {
  const price = useCasePrice(target)
  if (price.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>
  if (price.isError) return <p className="text-sm text-destructive">{price.error.message}</p>
  const { data } = price
  if (data.reason) {
    return (
      <p className="text-sm text-muted-foreground">
        {data.reason}{' '}
        <Link to="/dashboard/fees" className="underline underline-offset-4">
          Fee Schedules
        </Link>
      </p>
    )
  }
  if (data.lines.length === 0) return <p className="text-sm text-muted-foreground">Nothing to bill yet.</p>
  return (
    <div className="space-y-2">
      <table className="w-full text-sm">
        <thead className="text-left text-muted-foreground">
          <tr>
            <th className="py-1 pr-2">Fee</th>
            <th className="py-1 pr-2 text-right">Qty</th>
            <th className="py-1 text-right">Amount</th>
          </tr>
        </thead>
        <tbody>
          {data.lines.map((line, index) => (
            // A fee can come twice (two requests of one type): a line is its place on the invoice.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={index} className="border-t" data-testid="price-line">
              <td className="py-1 pr-2">
                {line.feeName}
                {line.needsApproval && (
                  <Badge variant="outline" className="ml-2">
                    Needs approval
                  </Badge>
                )}
                {line.unpriced && (
                  <Badge variant="outline" className="ml-2">
                    No rate on the card
                  </Badge>
                )}
                {line.needsUsage && (
                  <Badge variant="outline" className="ml-2">
                    Quantity not known yet
                  </Badge>
                )}
              </td>
              <td className="py-1 pr-2 text-right tabular-nums">{line.quantity}</td>
              <td className="py-1 text-right tabular-nums">{formatCents(line.amountCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t font-medium">
            <td className="py-1 pr-2" colSpan={2}>
              Total
            </td>
            <td className="py-1 text-right tabular-nums">{formatCents(data.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
      {data.warning && <p className="text-sm text-amber-700 dark:text-amber-400">{data.warning}</p>}
      <p className="text-xs text-muted-foreground">
        {data.card?.client_name}'s rate card, version {data.version}, in force on {formatCaseDate(data.day)}.
      </p>
    </div>
  )
}

/** 'Price this case': the invoice an order or RDN case would get today, for those who may open Fee Schedules. */
export function PriceCard({ target }: { target: PriceTarget }) {
  const role = useMe().data?.profile.role
  if (!canOpenScreen(role, 'Fee Schedules')) return null
  return (
    <Card data-testid="price-card">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Price this case</CardTitle>
        <CardDescription>The invoice it would get today from its client's rate card.</CardDescription>
      </CardHeader>
      <CardContent>
        <CasePrice target={target} />
      </CardContent>
    </Card>
  )
}
