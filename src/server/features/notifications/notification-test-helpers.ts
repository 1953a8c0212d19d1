import type { TestApp } from '../../test/harness'

export type User = Awaited<ReturnType<TestApp['createUser']>>

/** The notification test files' shared setup, over the test app their own beforeAll creates. */
export function notificationHelpers(app: () => TestApp) {
  let orderCounter = 0
  async function newOrder(values: Record<string, unknown> = {}, companyId = app().companyId) {
    orderCounter += 1
    return app()
      .db.insertInto('orders')
      .values({
        company_id: companyId,
        order_number: `N-${orderCounter}`,
        case_number: `NC-${orderCounter}`,
        year: 2019,
        make: 'Toyota',
        model: 'Camry',
        detected_market: 'Mobile',
        ...values,
      })
      .returning(['id', 'case_number'])
      .executeTakeFirstOrThrow()
  }

  async function person(role: string, market: string | null = 'Mobile', companyId = app().companyId) {
    const t = app()
    const user = await t.createUser(role, companyId)
    await t.db.updateTable('profiles').set({ market }).where('id', '=', user.profileId).execute()
    return user
  }

  /** Everything the person was told, straight from the table. */
  const told = (profileId: string, kind?: string) => {
    let query = app()
      .db.selectFrom('notifications')
      .select(['id', 'kind', 'message', 'href', 'order_id', 'rdn_case_id', 'read_at', 'company_id'])
      .where('profile_id', '=', profileId)
    if (kind) query = query.where('kind', '=', kind)
    return query.orderBy('created_at').execute()
  }

  const list = (user: User, cursor?: string) =>
    app().request('GET', `/api/notifications${cursor ? `?cursor=${cursor}` : ''}`, { cookie: user.cookie })

  async function insertNotices(profileId: string, count: number, companyId = app().companyId) {
    const rows = await app()
      .db.insertInto('notifications')
      .values(
        Array.from({ length: count }, (_, index) => ({
          company_id: companyId,
          profile_id: profileId,
          kind: 'note',
          message: `Notice ${index}`,
          href: '/dashboard/profile',
          // One second apart, the last one newest.
          created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
        })),
      )
      .returning('id')
      .execute()
    return rows.map((row) => row.id)
  }

  return { newOrder, person, told, list, insertNotices }
}
