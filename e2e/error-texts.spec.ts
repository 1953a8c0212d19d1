// SPEC.md section 8's failure texts, as a person meets them: the server (or the browser) fails the
// way each text is for, and the screen says what the spec says.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_ROLE_PASSWORD, IMPORT_AGENCY, roleEmail } from './seed-data'

/** The server's answer to an error of its own (src/server/app.ts's onError). */
const SERVER_FAULT = {
  status: 500,
  contentType: 'application/json',
  body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } }),
}

/** The toast in front (the one before it may still be folding away) reads exactly so. */
async function expectToast(page: Page, title: string, description: string) {
  const toast = page.locator('[data-sonner-toast][data-front="true"]')
  await expect(toast.locator('[data-title]')).toHaveText(title)
  await expect(toast.locator('[data-description]')).toHaveText(description)
}

const ORDER = /\/api\/orders\/[0-9a-f-]{36}$/

async function openFullOrder(page: Page) {
  await signInAndLand(page, roleEmail('field_manager'), E2E_ROLE_PASSWORD)
  await page.getByPlaceholder('Search orders, agents, cases...').fill('Avery Castillo')
  await page.getByRole('option', { name: /Order.*CASE-5003/ }).click()
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/)
}

test('an order the server fails to read: Failed to load order details, with a way to try again', async ({ page }) => {
  await page.route(ORDER, (route) => route.fulfill(SERVER_FAULT))
  await openFullOrder(page)
  await expectToast(page, 'Error', 'Failed to load order details')
  const screen = page.getByRole('main')
  await expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible()
  await expect(screen.getByText('Failed to load order details')).toBeVisible()

  await page.unroute(ORDER)
  await screen.getByRole('button', { name: 'Try Again' }).click()
  await expect(page.getByRole('heading', { name: 'CASE-5003' })).toBeVisible()
})

test("a vehicle image that cannot be downloaded: 'Image not available' in its place", async ({ page }) => {
  await page.route('**/api/vehicles/images/**', (route) => route.abort())
  await openFullOrder(page)
  await expect(page.getByText('Image not available')).toBeVisible()
  await expect(page.getByRole('img', { name: /Honda Accord/ })).toHaveCount(0)
})

test('a browser that will not open Maps at all: Unable to open Maps, with the address to copy', async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => {
      throw new DOMException('Popups are not allowed here.', 'NotAllowedError')
    }
  })
  await openFullOrder(page)
  await page.getByRole('button', { name: 'Open 410 Dauphin St, Mobile, AL, 36602 in Maps' }).first().click()
  await expectToast(
    page,
    'Unable to open Maps',
    'Copy this address into your maps app: 410 Dauphin St, Mobile, AL, 36602',
  )
})

test('a sign-out the server fails: Sign Out Failed with its reason, or a general one, and the person stays', async ({
  page,
}) => {
  await signInAndLand(page, roleEmail('recovery_agent'), E2E_ROLE_PASSWORD)
  const signOut = async () => {
    await page.getByRole('button', { name: /User menu/ }).click()
    await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  }
  // Its database unreachable, the server says so where better-auth's client reads it.
  const unreachable = 'The database is not reachable; try again in a moment'
  await page.route('**/api/auth/sign-out', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'unavailable', message: unreachable }, message: unreachable }),
    }),
  )
  await signOut()
  await expectToast(page, 'Sign Out Failed', unreachable)
  await expect(page).toHaveURL(/\/dashboard\/recovery-agent$/)

  // An answer without a reason where that client reads one.
  await page.unroute('**/api/auth/sign-out')
  await page.route('**/api/auth/sign-out', (route) => route.fulfill(SERVER_FAULT))
  await signOut()
  await expectToast(page, 'Sign Out Failed', 'An unexpected error occurred')
  await expect(page).toHaveURL(/\/dashboard\/recovery-agent$/)
})

async function openImport(page: Page) {
  await signInAndLand(page, IMPORT_AGENCY.adminEmail, E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/import')
  await page
    .getByPlaceholder('Paste your CSV data here (including headers)...')
    .fill(
      'Case Number\tClient Name\tVIN\tMake\tModel\tOrder Date\nERR-E2E-1\tAlly Financial\t1HGCM82633A004352\tHonda\tAccord\t3/4/25',
    )
}

for (const [failure, answer] of [
  ['the connection drops', { abort: true }],
  ['the answer ends before the result', { status: 200, contentType: 'application/x-ndjson', body: '' }],
] as const) {
  test(`an import where ${failure}: Import Failed, in the spec's words`, async ({ page }) => {
    await page.route('**/api/import/orders', (route) =>
      'abort' in answer ? route.abort('connectionreset') : route.fulfill(answer),
    )
    await openImport(page)
    await page.getByRole('button', { name: 'Import Data' }).click()
    await expectToast(page, 'Import Failed', 'An error occurred during import. Please try again.')
  })
}

test("a clear the server fails: Clear Failed with the server's reason", async ({ page }) => {
  await page.route('**/api/import/orders', (route) => route.fulfill(SERVER_FAULT))
  await openImport(page)
  page.once('dialog', (dialog) => dialog.accept())
  await page.getByRole('button', { name: 'Clear All Data' }).click()
  await expectToast(page, 'Clear Failed', 'Failed to clear orders: Something went wrong on our side. Please try again.')
})

/**
 * A browser profile whose person has told it not to let sites keep data (cookies and storage).
 * The theme's saved choice then cannot be read: a render error outside the router (whose own
 * screen, 'Unexpected Application Error!', takes the pages' errors), which the app's screen catches.
 */
function profileBlockingSiteData(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recovery-desk-no-site-data-'))
  fs.mkdirSync(path.join(dir, 'Default'))
  const preferences = { profile: { default_content_setting_values: { cookies: 2 } } }
  fs.writeFileSync(path.join(dir, 'Default', 'Preferences'), JSON.stringify(preferences))
  return dir
}

test("the app's error screen: Something went wrong, the browser's reason, and Reload Page", async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  const profile = profileBlockingSiteData()
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto('/auth')
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible()
    await expect(
      page.getByText("Failed to read the 'localStorage' property from 'Window': Access is denied for this document."),
    ).toBeVisible()
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload Page' }).click()])
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible()
  } finally {
    await context.close()
    fs.rmSync(profile, { recursive: true, force: true })
  }
})
