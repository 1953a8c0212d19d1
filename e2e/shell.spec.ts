import { expect, test } from '@playwright/test'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

test('Ctrl+B collapses the sidebar to icons, and it stays so after a reload', async ({ page }) => {
  await signInAndLand(page, roleEmail('manager'), E2E_ROLE_PASSWORD)
  const sidebar = page.getByTestId('sidebar')
  await expect(sidebar).toHaveAttribute('data-state', 'expanded')
  expect(Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(256)
  await page.keyboard.press('Control+b')
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed')
  await expect.poll(async () => Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(96)
  await page.reload()
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed')
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'sidebar_state')
  expect(cookie?.value).toBe('false')
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600)
})

test('at 375 px wide the sidebar is a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await signInAndLand(page, roleEmail('field_manager'), E2E_ROLE_PASSWORD)
  await expect(page.getByTestId('sidebar')).toHaveCount(0)
  await page.getByRole('button', { name: 'Toggle sidebar' }).click()
  const drawer = page.getByTestId('sidebar-drawer')
  await expect(drawer).toBeVisible()
  expect(Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(288)
  await drawer.getByRole('link', { name: 'Order Management' }).click()
  await expect(page).toHaveURL(/\/dashboard\/orders$/)
  await expect(drawer).toBeHidden()
})

test('theme: Dark survives a reload; System follows the OS preference live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await signInAndLand(page, roleEmail('lot_manager'), E2E_ROLE_PASSWORD)
  const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'))
  expect(await isDark()).toBe(false)
  await page.getByRole('button', { name: 'Theme' }).click()
  await page.getByRole('menuitemradio', { name: 'Dark' }).click()
  expect(await isDark()).toBe(true)
  await page.reload({ waitUntil: 'domcontentloaded' })
  expect(await isDark()).toBe(true)

  await page.getByRole('button', { name: 'Theme' }).click()
  await page.getByRole('menuitemradio', { name: 'System' }).click()
  expect(await isDark()).toBe(false)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(isDark).toBe(true)
  await page.emulateMedia({ colorScheme: 'light' })
  await expect.poll(isDark).toBe(false)
})

test('header search finds an order by a VIN fragment and a person by e-mail; an order opens', async ({ page }) => {
  await signInAndLand(page, roleEmail('field_manager'), E2E_ROLE_PASSWORD)
  const search = page.getByPlaceholder('Search orders, agents, cases...')
  await search.fill('lot-manager@e2e')
  await expect(page.getByRole('option', { name: /Person.*lot-manager@e2e\.test/ })).toBeVisible()

  await search.fill('kk5ku1234')
  await search.fill('HK5KU1234')
  const order = page.getByRole('option', { name: /Order.*CASE-5001/ })
  await expect(order).toBeVisible()
  await search.press('ArrowDown')
  await search.press('Enter')
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/)
})

test('the user menu shows initials, name, e-mail and market', async ({ page }) => {
  await signInAndLand(page, roleEmail('recovery_agent'), E2E_ROLE_PASSWORD)
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveText('PR')
  await page.getByRole('button', { name: 'User menu' }).click()
  await expect(page.getByText('Pat recovery agent')).toBeVisible()
  await expect(page.getByText('recovery-agent@e2e.test')).toBeVisible()
  await expect(page.getByText('Market: Mobile')).toBeVisible()
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click()
  await expect(page).toHaveURL(/\/dashboard\/profile$/)
})

test('without names, the avatar shows the e-mail initial and the menu the e-mail', async ({ page }) => {
  await signInAndLand(page, roleEmail('camera_driver'), E2E_ROLE_PASSWORD)
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveText('C')
  await page.getByRole('button', { name: 'User menu' }).click()
  await expect(page.getByRole('menu').getByText('camera-driver@e2e.test')).toHaveCount(2)
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/auth$/)
})

// SPEC.md's 'Agent Assignment - Coming soon' placeholder gave way to the board (docs/decisions/018).
test('Agent Assignment opens the board, not a placeholder', async ({ page }) => {
  await signInAndLand(page, roleEmail('field_manager'), E2E_ROLE_PASSWORD)
  await page.getByRole('link', { name: 'Agent Assignment' }).click()
  await expect(page.getByRole('heading', { name: 'Agent Assignment', level: 1 })).toBeVisible()
  await expect(page.getByText('Agent Assignment - Coming soon')).toHaveCount(0)
})
