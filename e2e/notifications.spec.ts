import { type Browser, expect, type Page, test } from '@playwright/test'
import { seriousViolations, signInAndLand } from './fixtures'
import { dashboardEmail, E2E_ROLE_PASSWORD } from './seed-data'

// The dashboard agency (e2e/seed-dashboards.ts): its field manager assigns DO-3, open and unassigned
// in Mobile, to its recovery agent 'Dana recovery agent'.

async function signedIn(browser: Browser, role: string, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options)
  const page = await context.newPage()
  await signInAndLand(page, dashboardEmail(role), E2E_ROLE_PASSWORD)
  return page
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ })

/** The manager's assignment of DO-3 through the API (as the dashboard's Assign sends it). */
async function assignDo3(manager: Page, orderId: string, agent: 'agent' | null) {
  const dashboard = await (await manager.request.get('/api/dashboards/field-manager')).json()
  const agentId = dashboard.people.find((person: { role: string }) => person.role === 'recovery_agent').id
  const response = await manager.request.put(`/api/dashboards/field-manager/assignments/${orderId}`, {
    data: { agentId: agent ? agentId : null, cameraDriverId: null },
  })
  expect(response.ok(), await response.text()).toBe(true)
}

test('an assignment on the dashboard reaches the agent’s bell live; the item opens the order and is read', async ({
  browser,
}) => {
  const agent = await signedIn(browser, 'recovery_agent')
  await agent.request.post('/api/notifications/read-all')
  await agent.reload()
  await expect(bell(agent)).toHaveAccessibleName('Notifications')
  await expect(agent.getByTestId('notification-badge')).toHaveCount(0)

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
  await expect(bell(agent)).toHaveAccessibleName('Notifications')
  await expect(agent.getByTestId('notification-badge')).toHaveCount(0)

  // Two more while the list is open: it follows live; 'Mark all read' clears them.
  // (The agent's seeded orders told them too, read already: count from what the list holds.)
  await bell(agent).click()
  const items = agent.getByTestId('notification-item')
  await expect(items.first()).toHaveAttribute('data-read', 'true')
  const before = await items.count()
  await assignDo3(manager, orderId, null)
  await assignDo3(manager, orderId, 'agent')
  await expect(items).toHaveCount(before + 1)
  await expect(agent.getByTestId('notification-item').first()).toHaveAttribute('data-read', 'false')
  await expect(bell(agent)).toHaveAccessibleName('Notifications, 1 unread')
  await agent.getByRole('menuitem', { name: 'Mark all read' }).click()
  await expect(bell(agent)).toHaveAccessibleName('Notifications')
  await expect(agent.getByTestId('notification-item').first()).toHaveAttribute('data-read', 'true')
  await expect(agent.getByRole('menuitem', { name: 'Mark all read' })).toHaveAttribute('aria-disabled', 'true')

  // Leave DO-3 as the seed had it, for the specs after this one.
  await assignDo3(manager, orderId, null)
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
      // One unread among the read ones, so the screenshot shows both.
      const manager = await signedIn(browser, 'field_manager')
      const dashboard = await (await manager.request.get('/api/dashboards/field-manager')).json()
      const do3 = dashboard.unassigned.orders.find((order: { number: string }) => order.number === 'DO-3')
      if (do3) {
        await assignDo3(manager, do3.id, 'agent')
        await assignDo3(manager, do3.id, null)
      }
      await manager.context().close()
      const agent = await signedIn(browser, 'recovery_agent', { viewport: { width, height }, colorScheme })
      if (do3) await expect(agent.getByTestId('notification-badge')).toBeVisible()
      await bell(agent).click()
      const menu = agent.getByRole('menu', { name: 'Notifications' })
      await expect(menu).toBeVisible()
      await expect(menu.getByText(/^(No notifications|You were assigned)/).first()).toBeVisible()
      const box = await menu.boundingBox()
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true)
      await agent.screenshot({ path: `test-results/notifications/${width}-${colorScheme}.png` })
      expect(await seriousViolations(agent)).toEqual([])
      await agent.context().close()
    })
  }
}
