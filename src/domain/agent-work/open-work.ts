// Issue 41: one meaning of 'open' for every screen that counts an agent's work (the assignment
// board and its Agents table, the agent's own dashboard, the field manager's and the management
// dashboards, the map's area selection): a case still to find and recover, orders and RDN cases alike.

/** The statuses of work still to find and recover: what the board hands out and an agent has open. */
export const OPEN_WORK_STATUSES = ['Open', 'Need Info', 'On Hold', 'Pending On Hold'] as const
export type OpenWorkStatus = (typeof OPEN_WORK_STATUSES)[number]

/** Whether a case of this status is open work (an order or an RDN case alike). */
export const isOpenWork = (status: string | null | undefined): boolean =>
  (OPEN_WORK_STATUSES as readonly string[]).includes(status ?? '')

/** What a figure counting open work says it counts. */
export const OPEN_WORK_MEANING = `${OPEN_WORK_STATUSES.slice(0, -1).join(', ')} or ${OPEN_WORK_STATUSES.at(-1)}`
