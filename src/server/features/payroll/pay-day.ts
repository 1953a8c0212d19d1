import { PAY_TIME_ZONE } from './event-sources'

const format = new Intl.DateTimeFormat('en-CA', {
  timeZone: PAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** Today in the agency's time zone, 'YYYY-MM-DD'. */
export const payToday = (now = new Date()) => format.format(now)
