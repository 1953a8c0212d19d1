/** SPEC.md section 4: each order/case status's badge colour (the order_statuses table holds the same). */
export const STATUS_BADGE_COLORS: Record<string, string> = {
  Open: 'blue',
  Closed: 'gray',
  'On Hold': 'yellow',
  'Pending On Hold': 'amber',
  'Pending Close': 'orange',
  Repossessed: 'green',
  'Charged Off': 'red',
  Completed: 'emerald',
  'Completed-Located': 'teal',
  'Office Transfer': 'purple',
  'Need Info': 'pink',
  'Hold For Billing': 'indigo',
  Auction: 'cyan',
}

/** The badge colour of a status; an unknown one is gray. */
export function statusBadgeColor(status: string | null | undefined): string {
  return (status && STATUS_BADGE_COLORS[status]) || 'gray'
}
