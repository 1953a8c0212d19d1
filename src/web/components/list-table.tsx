import { RefreshCw } from 'lucide-react'
import type { MouseEvent, ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { cameFrom } from '../app/back-navigation'
import { Button } from './ui/button'

/** A click a link should get as it is (a new tab or window, a download), not a plain open. */
const isModified = (event: MouseEvent<HTMLElement>) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey

/**
 * A list opens a row's detail with Back returning to the list as it is (its address, filters
 * included). The row's own link opens it (keyboard, Ctrl-click and middle-click included); a
 * plain click elsewhere on the row does the same, unless the person was selecting text.
 */
export function useRowOpener() {
  const navigate = useNavigate()
  const state = cameFrom(useLocation())
  const openRow = (event: MouseEvent<HTMLTableRowElement>, href: string) => {
    if (isModified(event) || (event.target as HTMLElement).closest('a')) return
    if (window.getSelection()?.toString()) return
    navigate(href, { state })
  }
  return { state, openRow }
}

type RowOpener = ReturnType<typeof useRowOpener>

/** A list row that opens its detail (`to`): its first cell is the link (`label`), then its other cells. */
export function LinkedRow(props: {
  opener: RowOpener
  to: string
  label: ReactNode
  testId: string
  children: ReactNode
}) {
  const { opener, to } = props
  return (
    <tr
      data-testid={props.testId}
      className="cursor-pointer border-t hover:bg-accent/50 focus-within:bg-accent/50"
      onClick={(event) => opener.openRow(event, to)}
    >
      <td className="whitespace-nowrap px-3 py-2 font-medium">
        <Link
          to={to}
          state={opener.state}
          className="underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
        >
          {props.label}
        </Link>
      </td>
      {props.children}
    </tr>
  )
}

/** A list's table: its header row (sortable headers), then its rows, scrolling sideways when narrow. */
export function ListTable({ headers, children }: { headers: ReactNode; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>{headers}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

/** A list that failed to load: why, and a way to try again. */
export function ListLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex items-center justify-between gap-2 rounded-lg border border-destructive/40 p-4 text-sm text-destructive"
    >
      {message}
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden />
        Retry
      </Button>
    </div>
  )
}

/** A list's line in place of its rows: loading, or nothing matches. */
export function ListNotice({ children }: { children: ReactNode }) {
  return <p className="py-12 text-center text-muted-foreground">{children}</p>
}
