import { PropertyCard } from '../after-recovery/property-card'
import { RedemptionCard } from '../after-recovery/redemption-card'
import { ConditionReportCard } from '../condition-reports/condition-report-card'
import { PriceCard } from '../fees/price-card'
import { CaseInvoicesCard } from '../invoices/case-invoices-card'

export { TimelineCard } from '../timeline/timeline-card'

/**
 * The case page's cards that read their own data (fees, invoices, condition reports, redemption,
 * personal property): loaded after the case's own fields show (issue 21), as grid items of the page.
 */
export function CaseWorkCards({ caseId }: { caseId: string }) {
  const target = { subject: 'case', caseId } as const
  return (
    <>
      <PriceCard target={target} />
      <CaseInvoicesCard target={target} />
      <ConditionReportCard target={target} className="md:col-span-2" />
      <RedemptionCard target={target} className="md:col-span-2" />
      <PropertyCard target={target} className="md:col-span-2" />
    </>
  )
}
