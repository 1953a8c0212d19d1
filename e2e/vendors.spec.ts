import { expect, test } from '@playwright/test'
import { signInAndLand } from './fixtures'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

test('an admin adds vendors; a Direct Drop location is marked; one is deactivated', async ({ page }) => {
  await signInAndLand(page, roleEmail('admin'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/vendors')
  for (const [name, type] of [
    ['Copart Mobile', 'Auction'],
    ['Pop-A-Lock Birmingham', 'Locksmith'],
  ]) {
    await page.getByLabel('Vendor name').fill(name)
    await page.getByLabel('Vendor type', { exact: true }).selectOption({ label: type })
    await page.getByLabel('Vendor phone').fill('(251) 555-0100')
    await page.getByRole('button', { name: 'Add vendor' }).click()
    await expect(page.getByTestId('vendor-row').filter({ hasText: name })).toBeVisible()
  }
  await expect(page.getByTestId('vendor-row').filter({ hasText: 'Copart Mobile' })).toContainText('Direct Drop')
  await expect(page.getByTestId('vendor-row').filter({ hasText: 'Pop-A-Lock' })).not.toContainText('Direct Drop')
  const locksmith = page.getByTestId('vendor-row').filter({ hasText: 'Pop-A-Lock' })
  await locksmith.getByRole('button', { name: 'Active' }).click()
  await expect(locksmith).toContainText('Inactive')
})
