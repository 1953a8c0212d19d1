import { useState } from 'react'
import type { DocumentFilter } from './api'
import { ComplianceSummary } from './compliance-summary'
import { DocumentTypesCard } from './document-types-card'
import { DocumentsCard } from './documents-card'

/** /dashboard/compliance-manager: what needs attention today, then document types, documents and their signature requests. */
export function CompliancePage() {
  const [filter, setFilter] = useState<DocumentFilter>({ status: '', expiringSoon: false })
  const showExpiring = () => {
    setFilter({ status: '', expiringSoon: true })
    document.getElementById('compliance-documents')?.scrollIntoView({ behavior: 'smooth', block: 'start' })
  }
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Compliance Manager</h1>
        <p className="text-sm text-muted-foreground">Documents about to lapse and signatures still awaited.</p>
      </div>
      <ComplianceSummary onShowExpiring={showExpiring} />
      <DocumentsCard filter={filter} onFilterChange={setFilter} />
      <DocumentTypesCard />
    </div>
  )
}
