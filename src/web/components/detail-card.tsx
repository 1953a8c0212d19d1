import type { ReactNode } from 'react'
import { CopyButton } from './copy-button'
import { Card, CardContent, CardHeader, CardTitle } from './ui/card'

/** A titled list of fields; `media` (an image) goes above the list, as a <dl> holds only its fields. */
export function DetailCard({ title, media, children }: { title: string; media?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className={media ? 'space-y-2' : undefined}>
        {media}
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

export function address(...parts: Array<string | null | undefined>): string | null {
  return parts.filter((part) => part?.trim()).join(', ') || null
}
