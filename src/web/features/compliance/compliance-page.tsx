import { ComplianceSummary } from './compliance-summary'
import { DocumentTypesCard } from './document-types-card'
import { DocumentsCard } from './documents-card'

/** /dashboard/compliance-manager: document types, documents, and their signature requests. */
export function CompliancePage() {
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <ComplianceSummary />
      <DocumentsCard />
      <DocumentTypesCard />
    </div>
  )
}
