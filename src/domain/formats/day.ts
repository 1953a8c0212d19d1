import { z } from 'zod'

/** The years a day given in a request may fall in: any real case is inside them, and both databases store them. */
const DAY_YEARS = { first: 1900, last: 2100 } as const

/** A calendar day as 'yyyy-mm-dd': a real date (no 31 February) in the years 1900 to 2100. */
export const daySchema = z.iso.date('must be a real date like 2025-01-31').refine((day) => {
  const year = Number(day.slice(0, 4))
  return year >= DAY_YEARS.first && year <= DAY_YEARS.last
}, `must be a year from ${DAY_YEARS.first} to ${DAY_YEARS.last}`)
