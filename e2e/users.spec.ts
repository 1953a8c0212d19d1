import { expect, type Page, test } from '@playwright/test'
import { expectNothingSideways } from './fixtures/page-checks'
import { newSignedInPage, signIn, signInAndLand } from './fixtures/sign-in'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

async function createUserWithTemporaryPassword(admin: Page, email: string, firstName: string) {
  await admin.goto('/dashboard/users')
  await admin.getByRole('button', { name: 'Add User' }).click()
  const form = admin.getByRole('dialog')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('First Name').fill(firstName)
  await form.getByLabel('Last Name').fill('Tester')
  await form.getByLabel('Role').selectOption('lot_manager')
  await form.getByLabel('Market').selectOption('Mobile')
  await form.getByLabel('Show a temporary password to hand over').check()
  await form.getByRole('button', { name: 'Create User' }).click()
  const password = (await admin.getByTestId('temporary-password').textContent()) ?? ''
  expect(password.length).toBeGreaterThanOrEqual(12)
  await admin.getByRole('button', { name: 'Done' }).click()
  return password
}

test('an admin creates a user, who signs in with the temporary password and must set a new one', async ({
  browser,
}) => {
  const admin = await newSignedInPage(browser, roleEmail('admin'))
  const password = await createUserWithTemporaryPassword(admin, 'nova.new@e2e.test', 'Nova')
  await expect(admin.getByTestId('user-row').filter({ hasText: 'nova.new@e2e.test' })).toContainText('Lot Manager')

  const newcomer = await (await browser.newContext()).newPage()
  await signIn(newcomer, 'nova.new@e2e.test', password)
  await expect(newcomer).toHaveURL(/\/reset-password$/)
  await newcomer.getByLabel('New Password', { exact: true }).fill('Nova-chose-this-7')
  await newcomer.getByLabel('Confirm Password').fill('Nova-chose-this-7')
  await newcomer.getByRole('button', { name: 'Update Password' }).click()
  await expect(newcomer).toHaveURL(/\/dashboard\/lot-manager$/)
})

test("a deactivated user's open session stops working", async ({ browser }) => {
  const admin = await newSignedInPage(browser, roleEmail('admin'))
  const password = await createUserWithTemporaryPassword(admin, 'otto.out@e2e.test', 'Otto')
  const otto = await (await browser.newContext()).newPage()
  await signIn(otto, 'otto.out@e2e.test', password)
  await otto.getByLabel('New Password', { exact: true }).fill('Otto-short-lived-3')
  await otto.getByLabel('Confirm Password').fill('Otto-short-lived-3')
  await otto.getByRole('button', { name: 'Update Password' }).click()
  await expect(otto).toHaveURL(/\/dashboard\/lot-manager$/)

  admin.on('dialog', (dialog) => dialog.accept())
  await admin.getByRole('button', { name: 'Actions for Otto Tester' }).click()
  await admin.getByRole('menuitem', { name: 'Deactivate' }).click()
  await expect(admin.getByTestId('user-row').filter({ hasText: 'otto.out@e2e.test' })).toContainText('Inactive')

  await otto.reload()
  await expect(otto).toHaveURL(/\/auth$/)
  await signIn(otto, 'otto.out@e2e.test', 'Otto-short-lived-3')
  await expect(otto.getByText('This account has been deactivated. Contact your administrator.')).toBeVisible()
})

test('an admin views the product as someone else, with a banner on every screen, then stops', async ({ browser }) => {
  const admin = await newSignedInPage(browser, roleEmail('admin'))
  await admin.goto('/dashboard/users')
  await admin.getByRole('button', { name: 'Actions for Pat key manager' }).click()
  await admin.getByRole('menuitem', { name: 'View as this user' }).click()
  await expect(admin).toHaveURL(/\/dashboard\/key-manager$/)
  await expect(admin.getByText('Viewing as Pat key manager')).toBeVisible()
  await admin.goto('/dashboard/profile')
  await expect(admin.getByText('Viewing as Pat key manager')).toBeVisible()
  await admin.getByRole('button', { name: 'Stop impersonating' }).click()
  await expect(admin).toHaveURL(/\/dashboard\/users$/)
  await expect(admin.getByText(/Viewing as/)).toHaveCount(0)
  await expect(admin.getByRole('heading', { name: 'User Management' })).toBeVisible()
})

test("a person's market is chosen from the company's markets, never typed", async ({ page }) => {
  await signInAndLand(page, roleEmail('admin'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/users')
  await page.getByRole('button', { name: 'Add User' }).click()
  const market = page.getByRole('dialog').getByRole('combobox', { name: 'Market' })
  const options = await market.locator('option').allTextContents()
  // The seed configures Mobile; another spec may add a market of its own before this one runs.
  expect(options[0]).toBe('No market')
  expect(options).toContain('Mobile')
  expect(options.at(-1)).toBe('Outside Area')
  expect(options).not.toContain('mobile ')
  await market.selectOption('Outside Area')
  await expect(market).toHaveValue('Outside Area')
})

test('User Management fits a 390 px phone, light and dark: no sideways scrolling, every action reachable', async ({
  browser,
}) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme })
    const page = await context.newPage()
    await signInAndLand(page, roleEmail('admin'), E2E_ROLE_PASSWORD)
    await page.goto('/dashboard/users')
    const row = page.getByTestId('user-row').filter({ hasText: 'key-manager@e2e.test' })
    await expect(row).toBeVisible()
    await expectNothingSideways(page)
    await page.screenshot({ path: `test-results/users-390-${colorScheme}.png`, fullPage: true })

    const actions = row.getByRole('button', { name: /^Actions for / })
    // Reachable: scrolled to (the tabs above the list can push the row below the fold).
    await actions.scrollIntoViewIfNeeded()
    await expect(actions).toBeInViewport()
    await actions.click()
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeInViewport()
    await expect(page.getByRole('menuitem', { name: 'Deactivate' })).toBeInViewport()
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Add User' }).click()
    const form = page.getByRole('dialog')
    await form.getByLabel('Email').fill(`phone.${colorScheme}@e2e.test`)
    await form.getByLabel('First Name').fill('Phoebe')
    await form.getByLabel('Last Name').fill(colorScheme)
    await form.getByLabel('Role').selectOption('camera_driver')
    await form.getByLabel('Market').selectOption('Mobile')
    await form.getByLabel('Show a temporary password to hand over').check()
    const box = await form.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
    await expectNothingSideways(page)
    await page.screenshot({ path: `test-results/users-390-dialog-${colorScheme}.png` })
    await form.getByRole('button', { name: 'Create User' }).scrollIntoViewIfNeeded()
    await form.getByRole('button', { name: 'Create User' }).click()
    await expect(page.getByTestId('temporary-password')).toBeVisible()
    await page.getByRole('button', { name: 'Done' }).click()
    await expect(page.getByTestId('user-row').filter({ hasText: `phone.${colorScheme}@e2e.test` })).toBeVisible()
    await context.close()
  }
})

test('a manager filters the people by role and searches them', async ({ page }) => {
  await signInAndLand(page, roleEmail('manager'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/users')
  await page.getByLabel('Filter by role').selectOption('locksmith')
  await expect(page.getByTestId('user-row')).toHaveCount(1)
  await expect(page.getByTestId('user-row')).toContainText('locksmith@e2e.test')
  await page.getByLabel('Filter by role').selectOption('')
  await page.getByLabel('Search users').fill('transport')
  await expect(page.getByTestId('user-row')).toHaveCount(1)
})

test('profile settings: names, and signing out other sessions', async ({ browser }) => {
  const first = await newSignedInPage(browser, roleEmail('compliance_manager'))
  const second = await newSignedInPage(browser, roleEmail('compliance_manager'))
  await first.goto('/dashboard/profile')
  // The server's reason about a field stands beside that field (the shared form mechanism).
  await first.route('**/api/profile', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'bad_request', message: 'lastName: Too long.', field: 'lastName' } }),
        })
      : route.fallback(),
  )
  await first.getByLabel('First Name').fill('Casey')
  await first.getByLabel('Last Name').fill('Compliance')
  await first.getByRole('button', { name: 'Save' }).click()
  await expect(first.getByLabel('Last Name')).toHaveAccessibleDescription('Too long.')
  await expect(first.getByLabel('Last Name')).toHaveAttribute('aria-invalid', 'true')
  await expect(first.getByLabel('Last Name')).toBeFocused()
  await first.unroute('**/api/profile')
  await first.getByRole('button', { name: 'Save' }).click()
  await expect(first.getByLabel('Last Name')).toHaveAttribute('aria-invalid', 'false')
  await expect(first.getByRole('button', { name: 'User menu' })).toHaveText('CC')
  // This account also signed in from other specs: at least the two sessions of this test.
  await expect.poll(() => first.getByTestId('session-row').count()).toBeGreaterThanOrEqual(2)
  await first.getByRole('button', { name: 'Sign out other sessions' }).click()
  await expect(first.getByTestId('session-row')).toHaveCount(1)
  await second.reload()
  await expect(second).toHaveURL(/\/auth$/)
})
