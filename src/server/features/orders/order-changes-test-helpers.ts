import { createTestApp, type TestApp } from '../../test/harness'

/**
 * A fresh app with the people the order change tests act as and offer: managers, field managers,
 * agents (one of two markets, one inactive, one of another company) and a camera car driver.
 */
export async function createOrderPeopleWorld() {
  const t = await createTestApp()
  const person = async (role: string, market: string | null, companyId = t.companyId) => {
    const user = await t.createUser(role, companyId)
    await t.db.updateTable('profiles').set({ market }).where('id', '=', user.profileId).execute()
    return user
  }
  const admin = await person('admin', null)
  const manager = await person('manager', 'Birmingham')
  const mobileManager = await person('field_manager', 'Mobile')
  const birminghamManager = await person('field_manager', 'Birmingham')
  const mobileAgent = await person('recovery_agent', 'Mobile')
  const birminghamAgent = await person('recovery_agent', 'Birmingham')
  const twoMarketAgent = await person('recovery_agent', 'Birmingham, Mobile')
  const inactiveAgent = await person('recovery_agent', 'Mobile')
  await t.db.updateTable('profiles').set({ active: false }).where('id', '=', inactiveAgent.profileId).execute()
  const mobileDriver = await person('camera_driver', 'Mobile')
  const outsiderAgent = await person('recovery_agent', 'Mobile', await t.createCompany('Other Agency'))
  return {
    t,
    admin,
    manager,
    mobileManager,
    birminghamManager,
    mobileAgent,
    birminghamAgent,
    twoMarketAgent,
    inactiveAgent,
    mobileDriver,
    outsiderAgent,
  }
}

export type OrderPeopleWorld = Awaited<ReturnType<typeof createOrderPeopleWorld>>

/** New open orders of the app's first company, of a market (Mobile unless told). */
export function orderMaker(app: () => TestApp) {
  let serial = 0
  return async function newOrder(detectedMarket: string | null = 'Mobile') {
    serial += 1
    return app()
      .db.insertInto('orders')
      .values({
        company_id: app().companyId,
        order_number: `OC-${serial}`,
        status: 'Open',
        priority: 'medium',
        detected_market: detectedMarket,
      })
      .returning(['id', 'updated_at'])
      .executeTakeFirstOrThrow()
  }
}
