import { expect, test } from '@playwright/test'
import { seriousViolations } from './fixtures/page-checks'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

// Issue 41: an admin sets what invoices and statements print about the agency; a manager cannot.

test('an admin sets the agency’s address, phone and remit-to; a bad phone is refused beside its field', async ({
  page,
}, testInfo) => {
  await signInAndLand(page, roleEmail('admin'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/users')
  const card = page.locator('form').filter({ has: page.getByLabel('Remit to') })
  await expect(page.getByText('Company settings', { exact: true })).toBeVisible()
  await expect(card.getByLabel('Agency name')).not.toHaveValue('')
  await card.getByLabel('Address').fill('1200 Dauphin St\nMobile, AL 36604')
  await card.getByLabel('Phone').fill('call us')
  await card.getByLabel('Remit to').fill('PO Box 9100\nMobile, AL 36691')
  await card.getByRole('button', { name: 'Save settings' }).click()
  await expect(card.getByText('Enter a phone number like (555) 010-2000.')).toBeVisible()
  await card.getByLabel('Phone').fill('(251) 555-0142')
  await card.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText('Company settings saved')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('company-settings.png'), fullPage: true })

  await page.reload()
  await expect(card.getByLabel('Phone')).toHaveValue('(251) 555-0142')
  await expect(card.getByLabel('Address')).toHaveValue('1200 Dauphin St\nMobile, AL 36604')
  await expect(card.getByLabel('Remit to')).toHaveValue('PO Box 9100\nMobile, AL 36691')
})

test('a manager does not see the company settings', async ({ page }) => {
  await signInAndLand(page, roleEmail('manager'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/users')
  await expect(page.getByRole('button', { name: 'Add User' })).toBeVisible()
  await expect(page.getByText('Company settings', { exact: true })).toHaveCount(0)
})
