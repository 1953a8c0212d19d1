import { type Kysely, sql } from 'kysely'

/** SPEC.md section 4: order statuses with their badge colours, and priorities (orders and external cases). */
export const ORDER_STATUSES: ReadonlyArray<readonly [string, string]> = [
  ['Open', 'blue'],
  ['Closed', 'gray'],
  ['On Hold', 'yellow'],
  ['Pending On Hold', 'amber'],
  ['Pending Close', 'orange'],
  ['Repossessed', 'green'],
  ['Charged Off', 'red'],
  ['Completed', 'emerald'],
  ['Completed-Located', 'teal'],
  ['Office Transfer', 'purple'],
  ['Need Info', 'pink'],
  ['Hold For Billing', 'indigo'],
  ['Auction', 'cyan'],
]

export const ORDER_PRIORITIES: ReadonlyArray<readonly [string, string]> = [
  ['low', 'gray'],
  ['medium', 'blue'],
  ['high', 'orange'],
  ['critical', 'red'],
  ['normal', 'slate'],
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [index, [name, color]] of ORDER_STATUSES.entries()) {
    await sql`insert into order_statuses (name, badge_color, sort_order) values (${name}, ${color}, ${index})`.execute(
      db,
    )
  }
  for (const [index, [name, color]] of ORDER_PRIORITIES.entries()) {
    await sql`insert into order_priorities (name, badge_color, sort_order) values (${name}, ${color}, ${index})`.execute(
      db,
    )
  }
}
