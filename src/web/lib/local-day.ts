/** Today in the browser's own time zone, as 'yyyy-mm-dd' (dashboards count 'this week' from it). */
export function localToday(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0')
  const day = String(now.getDate()).padStart(2, '0')
  return `${now.getFullYear()}-${month}-${day}`
}
