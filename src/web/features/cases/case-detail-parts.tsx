import type { ReactNode } from 'react'
import { DIRECT_DROP } from '../../../domain/cases/storage-location'
import { CopyButton } from '../../components/copy-button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'

export function DetailCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-2 text-sm">{children}</dl>
      </CardContent>
    </Card>
  )
}

/** One labelled value; a dash when missing (SPEC.md section 2), with an optional copy button. */
export function Field({ label, value, copy }: { label: string; value: ReactNode; copy?: string | null }) {
  const empty = value === null || value === undefined || value === ''
  return (
    <div className="flex items-start justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="flex items-center gap-1 text-right font-medium">
        <span className="break-all">{empty ? '-' : value}</span>
        {!empty && copy !== undefined && <CopyButton value={copy} label={label} />}
      </dd>
    </div>
  )
}

/** 'Direct Drop' is an orange pill; any other location plain text. */
export function StorageLocation({ name }: { name: string | null }) {
  if (name !== DIRECT_DROP) return <>{name ?? '-'}</>
  return (
    <span className="rounded-full bg-orange-500 px-2.5 py-0.5 text-xs font-semibold text-white">{DIRECT_DROP}</span>
  )
}

export function address(...parts: Array<string | null | undefined>): string | null {
  return parts.filter((part) => part?.trim()).join(', ') || null
}
