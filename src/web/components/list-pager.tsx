import { ChevronLeft, ChevronRight } from 'lucide-react'
import { formatWhole } from '../../domain/formats/numbers'
import { Button } from './ui/button'

type Props = {
  /** The page the list asks for (its query string's): what Previous and Next step from. */
  page: number
  /**
   * The page on screen (the last answer, while the next loads): its number and size and the
   * total, `totalIsCapped` when the total is a floor ("10,000+") with maybe more pages.
   */
  shown: { page: number; pageSize: number; total: number; totalIsCapped: boolean }
  /** How many rows the page on screen holds. */
  rows: number
  onPage: (page: number) => void
  /** The test id of the "Showing ..." line. */
  countTestId: string
}

/**
 * A paged list's "Showing 51-100 of 1,234" and its Previous and Next buttons; nothing for a list
 * with nothing in it, unless the person is on a later page (then Previous leads back).
 */
export function ListPager({ page, shown, rows, onPage, countTestId }: Props) {
  const { pageSize, total, totalIsCapped } = shown
  if (total === 0 && page <= 1) return null
  const first = rows > 0 ? (shown.page - 1) * pageSize + 1 : 0
  const last = (shown.page - 1) * pageSize + rows
  const totalText = `${formatWhole(total)}${totalIsCapped ? '+' : ''}`
  const hasNext = totalIsCapped || last < total
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
      <span data-testid={countTestId}>
        {first > 0 ? `Showing ${formatWhole(first)}-${formatWhole(last)} of ${totalText}` : `Showing 0 of ${totalText}`}
      </span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </div>
  )
}
