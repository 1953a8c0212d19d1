import { FileDown } from 'lucide-react'
import { useState } from 'react'
import { ROLE_LABELS } from '../../../domain/auth/roles'
import { formatCents } from '../../../domain/billing/money'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { SelectField } from '../../components/ui/form-field'
import { useYearlyPay } from './api'

/** The years offered: this one and the five before it. */
const yearsUpTo = (year: number) => Array.from({ length: 6 }, (_, index) => year - index)

/** The Yearly Totals tab: what each person was paid in a year, and who reaches the 1099-NEC threshold. */
export function YearlyPanel() {
  const thisYear = new Date().getFullYear()
  const [year, setYear] = useState(thisYear)
  const yearly = useYearlyPay(year)
  const data = yearly.data

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-40">
          <SelectField
            id="yearly-year"
            label="Year"
            value={year}
            onChange={(event) => setYear(Number(event.target.value))}
          >
            {yearsUpTo(thisYear).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </SelectField>
        </div>
        {data && (
          <p className="max-w-prose text-sm text-muted-foreground">
            Paid is the pay of locked periods that ended in {data.year}. {formatCents(data.thresholdCents)} or more is
            reported on a 1099-NEC.
          </p>
        )}
        <Button size="sm" variant="outline" asChild>
          <a href={`/api/payroll/yearly.csv?year=${year}`} download>
            <FileDown aria-hidden />
            Export 1099 CSV
          </a>
        </Button>
      </div>
      {yearly.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
      {yearly.isError && <p className="text-sm text-destructive">{yearly.error.message}</p>}
      {data?.people.length === 0 && <p className="text-sm text-muted-foreground">Nobody was paid in {data.year}.</p>}
      {data && data.people.length > 0 && (
        <div
          className={
            yearly.isPlaceholderData
              ? 'relative overflow-x-auto rounded-md border opacity-60'
              : 'relative overflow-x-auto rounded-md border'
          }
        >
          <table className="w-full min-w-[32rem] text-sm">
            <caption className="sr-only">Pay by person in {data.year}</caption>
            <thead className="bg-muted/50 text-left text-muted-foreground">
              <tr>
                <th className="px-2 py-2">Person</th>
                <th className="px-2 py-2">Role</th>
                <th className="px-2 py-2 text-right">Paid</th>
                <th className="px-2 py-2 text-right">Periods</th>
                <th className="px-2 py-2">
                  <span className="sr-only">1099-NEC</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.people.map((person) => (
                <tr key={person.profileId} className="border-t">
                  <th scope="row" className="px-2 py-2 text-left font-medium">
                    {person.name}
                  </th>
                  <td className="px-2 py-2">{ROLE_LABELS[person.role]}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{formatCents(person.paidCents)}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{person.periods}</td>
                  <td className="px-2 py-2">{person.reportable && <Badge variant="secondary">1099-NEC</Badge>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
