import { type FormEvent, type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { formatDateTime } from '../../../domain/formats/dates'
import { ListLoadError } from '../../components/list-table'
import { Button } from '../../components/ui/button'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { HandOverFields, useHandOverInput } from '../after-recovery/hand-over-fields'
import { type TransportMove, useCompleteMove, useTransportMoves } from '../after-recovery/release-api'
import { EmptyText, ListedOf, Section } from './dashboard-parts'

// Issue 20: the transport manager's moves come from 'Authorized to Transport' authorizations; each
// is handed to the transporter against an ID, as a release is.

function HandToTransporter({ move, onCancel }: { move: TransportMove; onCancel: () => void }) {
  const complete = useCompleteMove(move.id)
  const input = useHandOverInput()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    complete.mutate(input.value)
  }
  return (
    <FormProblems error={complete.error}>
      <form
        className="space-y-3 border-t pt-3"
        onSubmit={submit}
        aria-label={`Hand ${move.label ?? 'the vehicle'} over`}
      >
        <HandOverFields idPrefix={`move-${move.id}`} releasedToLabel="Transporter's driver" input={input} />
        <FormProblemsSummary className="text-sm text-destructive" />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" disabled={complete.isPending}>
            {complete.isPending ? 'Saving...' : 'Hand over'}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </FormProblems>
  )
}

function MoveRow({ move }: { move: TransportMove }) {
  const [handing, setHanding] = useState(false)
  const label = move.label ?? 'Case'
  return (
    <li className="space-y-2 rounded-lg border p-3 text-sm" data-testid="transport-move">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          {move.href ? (
            <Link to={move.href} className="font-medium text-primary underline-offset-4 hover:underline">
              {label}
            </Link>
          ) : (
            <span className="font-medium">{label}</span>
          )}
          <p>{move.vehicle ?? 'Vehicle not recorded'}</p>
          {move.vin && <p className="break-all font-mono text-xs text-muted-foreground">{move.vin}</p>}
          <p className="text-muted-foreground">
            {`To ${move.vendorName ?? 'the transporter'} · authorized ${formatDateTime(move.authorizedAt)}`}
          </p>
        </div>
        {!handing && (
          <Button variant="outline" size="sm" onClick={() => setHanding(true)}>
            Hand over
          </Button>
        )}
      </div>
      {handing && <HandToTransporter move={move} onCancel={() => setHanding(false)} />}
    </li>
  )
}

/** 'Moves': vehicles authorized to transport and still on the lot, oldest first, a page at a time. */
export function TransportMovesSection() {
  const moves = useTransportMoves()
  let body: ReactNode
  if (moves.isPending) body = <EmptyText>Loading moves...</EmptyText>
  else if (moves.isError)
    body = (
      <ListLoadError message={`Failed to load the moves: ${moves.error.message}`} onRetry={() => moves.refetch()} />
    )
  else if (moves.data.pages[0].total === 0) body = <EmptyText>No vehicle is authorized to transport.</EmptyText>
  else {
    const listed = moves.data.pages.flatMap((page) => page.moves)
    body = (
      <div className="space-y-3">
        <ul className="space-y-2">
          {listed.map((move) => (
            <MoveRow key={move.id} move={move} />
          ))}
        </ul>
        <ListedOf
          listed={listed.length}
          total={moves.data.pages[0].total}
          loading={moves.isFetchingNextPage}
          noun="moves"
          testId="moves-listed-of"
          onMore={() => {
            if (moves.hasNextPage) void moves.fetchNextPage()
          }}
        />
      </div>
    )
  }
  return <Section title="Moves">{body}</Section>
}
