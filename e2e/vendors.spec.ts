import { expect, test } from '@playwright/test'
import { signInAndLand } from './fixtures/sign-in'
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

test("the server's reason about a vendor's e-mail stands beside the e-mail field, which takes the focus", async ({
  page,
}) => {
  await signInAndLand(page, roleEmail('admin'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/vendors')
  await page.getByLabel('Vendor name').fill('Gulf Coast Transport')
  await page.getByLabel('Vendor type', { exact: true }).selectOption({ label: 'Transporter' })
  const email = page.getByLabel('Vendor e-mail')
  // The form has no check of its own: only the server refuses it.
  await email.fill('dispatch at gulfcoast')
  await page.getByRole('button', { name: 'Add vendor' }).click()
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(email).toBeFocused()
  const reasonId = await email.getAttribute('aria-describedby')
  expect(reasonId).toBeTruthy()
  await expect(page.locator(`[id="${reasonId}"]`)).toHaveText('Enter a valid email address.')
  await expect(page.getByTestId('vendor-row').filter({ hasText: 'Gulf Coast Transport' })).toHaveCount(0)
  // Corrected, the reason goes and the vendor is added.
  await email.fill('dispatch@gulfcoast.example')
  await page.getByRole('button', { name: 'Add vendor' }).click()
  await expect(page.getByTestId('vendor-row').filter({ hasText: 'Gulf Coast Transport' })).toBeVisible()
  await expect(email).not.toHaveAttribute('aria-invalid', 'true')
})
