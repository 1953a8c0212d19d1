import { expect, test } from '@playwright/test'
import { openOrderFromSearch } from './fixtures/detail-page'
import { expectNothingSideways } from './fixtures/page-checks'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

// Issue 41, item 15: who opened a debtor's record is in the audit log, searched on User Management.
test('a manager opens an order, then finds their own "opened" entry in the audit log by its number and by person', async ({
  page,
}) => {
  await signInAndLand(page, roleEmail('manager'), E2E_ROLE_PASSWORD)
  await openOrderFromSearch(page, 'Dana Whitaker', 'CASE-5001')

  await page.goto('/dashboard/users')
  await page.getByRole('tab', { name: 'Audit log' }).click()
  await expect(page).toHaveURL(/[?&]tab=audit/)
  await page.getByLabel('Case or order number').fill('ORD-5001')
  await page.getByRole('button', { name: 'Search' }).click()
  await page.getByLabel('Filter by person').selectOption({ label: 'Pat manager' })
  await expect(page).toHaveURL(/case=ORD-5001/)
  const entry = page.getByTestId('audit-entry').filter({ hasText: 'Opened the case' })
  await expect(entry).toHaveCount(1)
  await expect(entry).toContainText('Pat manager')
  await expect(entry).toContainText('ORD-5001')
  await expect(entry).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4} \d{1,2}:\d{2} [AP]M/)
  await page.screenshot({ path: test.info().outputPath('audit-log-desk.png'), fullPage: true })

  // On a phone the rows are cards and nothing overflows the page.
  await page.setViewportSize({ width: 390, height: 800 })
  await expect(entry).toContainText('Pat manager')
  // The person filter is as wide as its longest name unless the form holds it: a long one must
  // not push the page sideways.
  await page
    .getByLabel('Filter by person')
    .evaluate((select) =>
      select.append(new Option('Alexandria Montgomery-Vanderbilt (alexandria.montgomery@e2e.test)')),
    )
  await expectNothingSideways(page)
  await page.screenshot({ path: test.info().outputPath('audit-log-phone.png'), fullPage: true })

  // Someone who never opened this order: nothing matches.
  await page.getByLabel('Filter by person').selectOption({ label: 'Pat locksmith' })
  await expect(page.getByText('No audit entries match.')).toBeVisible()
})

// Issue 41, item 18: a search the server refuses says why beside the box, which is marked.
test('a case number that cannot be one is refused beside the search box', async ({ page }) => {
  await signInAndLand(page, roleEmail('manager'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/users?tab=audit')
  const box = page.getByLabel('Case or order number')
  await box.fill('ORD 5001?')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(box).toHaveAttribute('aria-invalid', 'true')
  const reasonId = await box.getAttribute('aria-describedby')
  await expect(page.locator(`[id="${reasonId}"]`)).toHaveText('must be a case or order number')
  await expect(page.getByText(/Failed to load the audit log/)).toHaveCount(0)
})
