import { expect, test } from '@playwright/test'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

test.beforeEach(async ({ page }) => {
  await signInAndLand(page, roleEmail('manager'), E2E_ROLE_PASSWORD)
})

test('filter, search and page the case list; Back from a case keeps the query string', async ({ page }) => {
  await page.goto('/dashboard/orders')
  await expect(page.getByTestId('case-count')).toHaveText('Showing 1-50 of 63')
  await expect(page.getByTestId('case-row')).toHaveCount(50)
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByTestId('case-count')).toHaveText('Showing 51-63 of 63')

  await page.getByRole('button', { name: 'Status filter', exact: true }).click()
  await page.getByRole('menuitemcheckbox', { name: 'Repossessed' }).click()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(/status=Repossessed/)
  await expect(page).not.toHaveURL(/page=2/)
  await expect(page.getByTestId('case-count')).toHaveText('Showing 1-21 of 21')

  await page.getByLabel('Search cases').fill('hc100003')
  await expect(page).toHaveURL(/q=hc100003/)
  await expect(page.getByTestId('case-row')).toHaveCount(1)
  await expect(page.getByTestId('case-row')).toContainText('RDN-3003')
  const listUrl = page.url()

  await page.getByTestId('case-row').click()
  await expect(page).toHaveURL(/\/cases\/3003$/)
  await expect(page.getByText('Case #RDN-3003')).toBeVisible()
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page).toHaveURL(listUrl)
  await expect(page.getByLabel('Search cases')).toHaveValue('hc100003')
  await expect(page.getByTestId('case-row')).toHaveCount(1)
})

test('a case changed through the sync API shows in an open list within 2 s, without a reload', async ({
  page,
  browser,
}) => {
  await page.goto('/dashboard/orders?q=livewire')
  await expect(page.getByText('No cases match these filters.')).toBeVisible()

  const admin = await (await browser.newContext()).newPage()
  await signInAndLand(admin, roleEmail('admin'), E2E_ROLE_PASSWORD)
  await admin.goto('/dashboard/users')
  await admin.getByLabel('Key name').fill('e2e live sync')
  await admin.getByRole('button', { name: 'Create Key' }).click()
  const key = (await admin.getByTestId('new-api-key').textContent()) ?? ''
  expect(key).toMatch(/^rd_/)
  await expect(admin.getByText('e2e live sync')).toBeVisible()
  const started = Date.now()
  const synced = await admin.request.post('/api/sync/rdn-cases', {
    headers: { authorization: `Bearer ${key}` },
    data: {
      cases: [{ case_id: 8123, case_number: 'RDN-LIVE', make: 'Livewire', status: 'Open', order_date: '2025-05-05' }],
    },
  })
  expect(synced.status()).toBe(200)
  // Issue 4 asks for this figure: a synced case appears in an open list within 2 s, without a reload.
  await expect(page.getByTestId('case-row')).toContainText('RDN-LIVE', { timeout: 2_000 })
  expect(Date.now() - started).toBeLessThan(2_000)
})

test('a Repossessed Direct Drop case shows its storage location and decoded key type; copy buttons confirm for 2 s', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  // Hold the VIN decode until the Loading state has been seen.
  let releaseDecode = () => {}
  const decodeHeld = new Promise<void>((resolve) => {
    releaseDecode = resolve
  })
  await page.route('**/api/vehicles/decode-vin', async (route) => {
    await decodeHeld
    await route.continue()
  })
  await page.goto('/cases/7001')
  await expect(page.getByRole('heading', { name: 'RDN-7001' })).toBeVisible()
  const keyType = page.getByText('Key Type').locator('..')
  await expect(keyType).toContainText('Loading...')
  releaseDecode()
  await expect(keyType).toContainText('Transponder or smart key')
  await expect(page.getByText('Normal')).toBeVisible()
  await expect(page.getByText('Storage Location', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Direct Drop').first()).toBeVisible()
  await expect(page.getByText('95%')).toBeVisible()
  await expect(page.getByText('Jun 01, 2025')).toBeVisible()

  await page.getByRole('button', { name: 'Copy VIN' }).click()
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('3GCUYDED5LG123456')
  // SPEC.md's figure: a copy button shows confirmed for 2 s, then is itself again (3 s: the 2 and a margin).
  await expect(page.getByRole('button', { name: 'Copy VIN' })).toBeVisible({ timeout: 3_000 })
})

test('a case without a case number falls back to its id; a non-repossessed case has no storage card', async ({
  page,
}) => {
  await page.goto('/cases/7002')
  await expect(page.getByRole('heading', { name: '7002' })).toBeVisible()
  await expect(page.getByText('Case #7002')).toBeVisible()
  await expect(page.getByText('Storage Location', { exact: true })).toHaveCount(1)
})

for (const caseId of ['999999', 'not-a-number']) {
  test(`/cases/${caseId} shows Case Not Found with a way back`, async ({ page }) => {
    await page.goto(`/cases/${caseId}`)
    await expect(page.getByText('Case Not Found')).toBeVisible()
    await expect(page.getByText('The requested case could not be found.')).toBeVisible()
    await page.getByRole('button', { name: 'Back to Orders' }).click()
    await expect(page).toHaveURL(/\/dashboard\/orders$/)
  })
}

test('a case list whose query-string code cannot download says so instead of loading for ever', async ({ page }) => {
  await page.route(/\/assets\/case-list-query-[^/]+\.js$/, (route) => route.abort())
  await page.goto('/dashboard/orders?status=Repossessed')
  // SPEC.md section 2: the router's error screen, with the failure's message.
  await expect(page.getByText('Unexpected Application Error!')).toBeVisible()
  await expect(page.getByText(/Failed to fetch dynamically imported module/).first()).toBeVisible()

  // Opened unfiltered, the list shows; a first filter whose code cannot download is reported too.
  await page.goto('/dashboard/orders')
  await expect(page.getByTestId('case-row')).toHaveCount(50)
  await page.getByRole('button', { name: 'Status filter', exact: true }).click()
  await page.getByRole('menuitemcheckbox', { name: 'Repossessed' }).click()
  await expect(page.getByText('Unexpected Application Error!')).toBeVisible()
})
