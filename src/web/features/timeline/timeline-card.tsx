import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { cn } from '../../lib/utils'
import { type TimelineTarget, useTimeline } from './api'
import { NoteForm } from './note-form'
import { TimelineEntryItem } from './timeline-entry'

function TimelineList({ target, version }: { target: TimelineTarget; version?: string }) {
  const timeline = useTimeline(target, version)
  if (timeline.isPending) {
    return (
      <p className="py-3 text-sm text-muted-foreground" role="status">
        Loading history...
      </p>
    )
  }
  if (timeline.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3 py-3 text-sm" role="alert">
        <span className="text-destructive">{`Failed to load notes and history: ${timeline.error.message}`}</span>
        <Button variant="outline" size="sm" onClick={() => void timeline.refetch()}>
          Retry
        </Button>
      </div>
    )
  }
  const entries = timeline.data.pages.flatMap((page) => page.entries)
  if (entries.length === 0) return <p className="py-3 text-sm text-muted-foreground">No notes or changes yet.</p>
  return (
    <div className="border-t">
      <ol className="divide-y" aria-label="Notes and history, newest first">
        {entries.map((entry) => (
          <TimelineEntryItem key={entry.id} entry={entry} subject={target.subject} />
        ))}
      </ol>
      {timeline.isFetchNextPageError && (
        <p className="pb-2 text-sm text-destructive" role="alert">
          Failed to load older entries. Try again.
        </p>
      )}
      {timeline.hasNextPage && (
        <Button
          variant="outline"
          className="w-full sm:w-auto"
          onClick={() => void timeline.fetchNextPage()}
          disabled={timeline.isFetchingNextPage}
        >
          {timeline.isFetchingNextPage ? 'Loading...' : 'Show older'}
        </Button>
      )}
    </div>
  )
}

/**
 * 'Notes & History' of an order or RDN case (issue 16): the note form, then every note, change
 * and the creation, newest first, 50 at a time. `version` (the order's or case's updated_at)
 * refreshes it after a change on the page. SPEC.md's order 'Timeline' card stays as it is.
 */
export function TimelineCard({
  target,
  version,
  className,
}: {
  target: TimelineTarget
  version?: string
  className?: string
}) {
  const idPrefix = target.subject === 'order' ? `order-${target.orderId}` : `case-${target.caseId}`
  return (
    <Card className={cn('min-w-0', className)}>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Notes & History</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <NoteForm target={target} idPrefix={idPrefix} />
        <TimelineList target={target} version={version} />
      </CardContent>
    </Card>
  )
}
