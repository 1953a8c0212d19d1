import { type Browser, type BrowserContextOptions, expect, test } from '@playwright/test'
import { bell, expectNothingUnread } from './fixtures/bell'
import { assignOrder, unassignedOrderId } from './fixtures/field-dashboard'
import { seriousViolations } from './fixtures/page-checks'
import { newSignedInPage } from './fixtures/sign-in'
import { dashboardEmail } from './seed-data'

// The dashboard agency (e2e/seed-dashboards.ts): its field manager assigns DO-3, open and unassigned
// in Mobile, to its recovery agent 'Dana recovery agent'.

const signedIn = (browser: Browser, role: string, options: BrowserContextOptions = {}) =>
  newSignedInPage(browser, dashboardEmail(role), options)

test('an assignment on the dashboard reaches the agent’s bell live; the item opens the order and is read', async ({
  browser,
}) => {
  const agent = await signedIn(browser, 'recovery_agent')
  await agent.request.post('/api/notifications/read-all')
  await agent.reload()
  await expectNothingUnread(agent)

  const manager = await signedIn(browser, 'field_manager')
  await manager.getByLabel('Recovery agent for DO-3').selectOption({ label: 'Dana recovery agent (Mobile)' })
  await manager
    .getByTestId('unassigned')
    .getByRole('listitem')
    .filter({ hasText: 'DO-3' })
    .getByRole('button', { name: 'Assign' })
    .click()
  await expect(manager.getByText('Order assigned')).toBeVisible()

  // No reload: the stream brings it.
  await expect(bell(agent)).toHaveAccessibleName('Notifications, 1 unread')
  await expect(agent.getByTestId('notification-badge')).toHaveText('1')
  await bell(agent).click()
  const item = agent.getByRole('menuitem', { name: /You were assigned order DO-3 \(2019 Toyota Camry\)\./ })
  await expect(item).toBeVisible()
  await expect(item).toHaveAccessibleName(/^Unread: /)
  await item.click()
  await expect(agent).toHaveURL(/\/order\/[0-9a-f-]{36}$/)
  await expect(agent.getByText('DO-3').first()).toBeVisible()
  const orderId = new URL(agent.url()).pathname.split('/').pop() ?? ''
  await agent.goBack()
  await expectNothingUnread(agent)

  // Two more while the list is open: it follows live; 'Mark all read' clears them.
  // (The agent's seeded orders told them too, read already: count from what the list holds.)
  await bell(agent).click()
  const items = agent.getByTestId('notification-item')
  await expect(items.first()).toHaveAttribute('data-read', 'true')
  const before = await items.count()
  await assignOrder(manager, orderId, null)
  await assignOrder(manager, orderId, 'agent')
  await expect(items).toHaveCount(before + 1)
  await expect(agent.getByTestId('notification-item').first()).toHaveAttribute('data-read', 'false')
  await expect(bell(agent)).toHaveAccessibleName('Notifications, 1 unread')
  await agent.getByRole('menuitem', { name: 'Mark all read' }).click()
  await expect(bell(agent)).toHaveAccessibleName('Notifications')
  await expect(agent.getByTestId('notification-item').first()).toHaveAttribute('data-read', 'true')
  await expect(agent.getByRole('menuitem', { name: 'Mark all read' })).toHaveAttribute('aria-disabled', 'true')

  // Leave DO-3 as the seed had it, for the specs after this one.
  await assignOrder(manager, orderId, null)
  await agent.context().close()
  await manager.context().close()
})

for (const [width, height] of [
  [1280, 800],
  [375, 740],
] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the open list at ${width} px, ${colorScheme}: readable, inside the screen, no WCAG violation`, async ({
      browser,
    }) => {
      // The agent's list with everything read, then one new unread: DO-3 (unassigned, as seeded)
      // assigned to them and taken back, so the screenshot shows an unread item among the read ones.
      const agent = await signedIn(browser, 'recovery_agent', { viewport: { width, height }, colorScheme })
      await agent.request.post('/api/notifications/read-all')
      await agent.reload()
      await expectNothingUnread(agent)
      const manager = await signedIn(browser, 'field_manager')
      const do3 = await unassignedOrderId(manager, 'DO-3')
      await assignOrder(manager, do3, 'agent')
      await assignOrder(manager, do3, null)
      await manager.context().close()
      await expect(agent.getByTestId('notification-badge')).toHaveText('1')
      await bell(agent).click()
      const menu = agent.getByRole('menu', { name: 'Notifications' })
      await expect(menu).toBeVisible()
      const newest = menu.getByTestId('notification-item').first()
      await expect(newest).toContainText('You were assigned order DO-3 (2019 Toyota Camry).')
      await expect(newest).toHaveAttribute('data-read', 'false')
      const box = await menu.boundingBox()
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true)
      await agent.screenshot({ path: `test-results/notifications/${width}-${colorScheme}.png` })
      expect(await seriousViolations(agent)).toEqual([])
      await agent.context().close()
    })
  }
}
