import { addDays, type Day } from '../formats/calendar-days'

export type DayRange = { from: Day; to: Day }

/**
 * Ranges of days joined where they overlap or touch, in order: the stretches whose pay sources
 * are read once for several periods (eight weeks of My Pay are one stretch; a week a year back
 * beside the chart's last twelve is two, never the year between).
 */
export function joinedRanges(ranges: readonly DayRange[]): DayRange[] {
  const sorted = [...ranges].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0))
  const joined: DayRange[] = []
  for (const range of sorted) {
    const last = joined.at(-1)
    if (last && range.from <= addDays(last.to, 1)) {
      if (range.to > last.to) last.to = range.to
    } else joined.push({ ...range })
  }
  return joined
}
