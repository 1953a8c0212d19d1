import { expect, type Page, test } from '@playwright/test'
import { field, openOrderFromSearch, pageHeader } from './fixtures/detail-page'
import { expectNothingSideways, seriousViolations } from './fixtures/page-checks'
import { screenshotsIn } from './fixtures/screenshots'
import { signInAndLand } from './fixtures/sign-in'
import { CHANGES_ORDER, changesEmail, E2E_ROLE_PASSWORD } from './seed-data'

// The order changes agency (e2e/seed-order-changes.ts): a Mobile field manager, two Mobile agents,
// a Birmingham agent, a Mobile camera car driver and one open order of Mobile.

const THEME_STORAGE_KEY = 'recovery-desk-theme'

async function openOrder(page: Page, email: string) {
  await signInAndLand(page, email, E2E_ROLE_PASSWORD)
  await openOrderFromSearch(page, CHANGES_ORDER.borrower_name, CHANGES_ORDER.case_number)
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/)
}

const shoot = screenshotsIn('order-changes')

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([])
}

test.describe.configure({ mode: 'serial' })

test('a field manager changes the status, priority and agent of an order of their market', async ({ page }) => {
  await openOrder(page, changesEmail('field_manager'))
  await expect(pageHeader(page).getByText('Open', { exact: true })).toBeVisible()
  await expect(pageHeader(page).getByText('Medium', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Edit' }).click()
  await expect(page.getByRole('heading', { name: 'Status & Assignment' })).toBeVisible()
  const agent = page.getByLabel('Recovery Agent', { exact: true })
  // Only the people of the order's market: Birmingham's agent is not offered.
  await expect(agent.locator('option')).toHaveText(['Unassigned', 'Riley Agent', 'Sam Second'])
  await expect(page.getByLabel('Camera Car Driver', { exact: true }).locator('option')).toHaveText([
    'Unassigned',
    'Casey Driver',
  ])
  await expect(page.getByLabel('Status', { exact: true }).locator('option')).toHaveCount(13)
  await page.getByLabel('Status', { exact: true }).selectOption('Need Info')
  await page.getByLabel('Priority', { exact: true }).selectOption('critical')
  await page.getByLabel('Due Date', { exact: true }).fill('2027-01-15')
  await agent.selectOption({ label: 'Sam Second' })
  await page.getByLabel('Camera Car Driver', { exact: true }).selectOption({ label: 'Casey Driver' })
  await shoot(page, 'desktop-light-edit')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Order updated successfully')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible()
  await expect(pageHeader(page).getByText('Need Info', { exact: true })).toBeVisible()
  await expect(pageHeader(page).getByText('Critical', { exact: true })).toBeVisible()
  await expect(field(page, 'Recovery Agent')).toContainText('Sam Second')
  await expect(field(page, 'Camera Car Driver')).toContainText('Casey Driver')
  await expect(field(page, 'Due Date')).toContainText('Jan 15, 2027')
  await shoot(page, 'desktop-light-saved')
  await page.reload()
  await expect(pageHeader(page).getByText('Need Info', { exact: true })).toBeVisible()
  await expect(field(page, 'Recovery Agent')).toContainText('Sam Second')
})

test('a recovery agent sees the order without the status and assignment controls', async ({ page }) => {
  await openOrder(page, changesEmail('recovery_agent'))
  await page.getByRole('button', { name: 'Edit' }).click()
  await expect(page.getByLabel('Phone', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Status & Assignment' })).toHaveCount(0)
  for (const label of ['Status', 'Priority', 'Due Date', 'Recovery Agent', 'Camera Car Driver']) {
    await expect(page.getByLabel(label, { exact: true })).toHaveCount(0)
  }
  await expect(page.getByRole('heading', { name: 'Assignment', exact: true })).toBeVisible()
})

for (const theme of ['light', 'dark'] as const) {
  test(`the controls at 375 px, ${theme}: usable and accessible`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 })
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme])
    await openOrder(page, changesEmail('field_manager'))
    await page.getByRole('button', { name: 'Edit' }).click()
    await expect(page.getByLabel('Recovery Agent', { exact: true }).locator('option')).toHaveCount(3)
    await expectAccessible(page)
    await expectNothingSideways(page)
    await shoot(page, `mobile-${theme}-edit`)
    if (theme === 'dark') {
      await page.setViewportSize({ width: 1280, height: 900 })
      await shoot(page, 'desktop-dark-edit')
    }
  })
}

// Issue 41: the move to Repossessed stamps the moment given; the Timeline card shows it in the
// spec's format, and a correction with its reason lands on the case's timeline. The moment is typed
// and read on the agency's clock (Alabama), whatever the browser's own zone.
test.describe('in a browser far from the agency', () => {
  test.use({ timezoneId: 'Pacific/Honolulu' })
  test('a field manager moves the order to Repossessed with its moment, then corrects it with a reason', async ({
    page,
  }) => {
    await openOrder(page, changesEmail('field_manager'))
    await page.getByRole('button', { name: 'Edit' }).click()
    await page.getByLabel('Status', { exact: true }).selectOption('Repossessed')
    await page.getByLabel('Repossessed At (blank: now)', { exact: true }).fill('2026-03-04T15:05')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Order updated successfully')).toBeVisible()
    await expect(page.getByTestId('order-repossessed-at')).toHaveText('Mar 04, 2026 3:05 PM')
    await expect(field(page, 'Recovery Date')).toContainText('Mar 04, 2026 3:05 PM')
    // 3:05 PM in Alabama (UTC-6 in March) is the instant 21:05Z, the one payroll pays on.
    const orderId = page.url().split('/order/')[1]
    const stored = await page.request.get(`/api/orders/${orderId}`)
    expect(new Date((await stored.json()).order.repossessed_at).toISOString()).toBe('2026-03-04T21:05:00.000Z')
    await shoot(page, 'desktop-light-repossessed')

    await page.getByRole('button', { name: 'Correct', exact: true }).click()
    await expect(page.getByLabel('Repossessed at', { exact: true })).toHaveValue('2026-03-04T15:05')
    await page.getByLabel('Repossessed at', { exact: true }).fill('2026-03-03T09:30')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByText('Reason is required', { exact: false })).toBeVisible()
    await page.getByLabel('Reason', { exact: true }).fill('Tow sheet shows the morning before')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByText('Repossession moment saved')).toBeVisible()
    await expect(page.getByTestId('order-repossessed-at')).toHaveText('Mar 03, 2026 9:30 AM')
    await expect(page.getByText('Tow sheet shows the morning before', { exact: false })).toBeVisible()
    await shoot(page, 'desktop-light-corrected')
    await expectAccessible(page)
  })
})
