import { expect, test } from '@playwright/test'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

test('a manager adds a client with a generated code, finds it, edits it and deactivates it', async ({ page }) => {
  await signInAndLand(page, roleEmail('manager'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/clients')
  await expect(page.getByRole('heading', { name: 'Client Management' })).toBeVisible()
  await page.getByRole('button', { name: 'New client' }).click()
  await page.getByLabel('Name', { exact: true }).fill('Westlake Financial Services')
  await page.getByLabel('Lienholder').fill('Westlake Portfolio Management')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Client created')).toBeVisible()

  await page.getByLabel('Search clients').fill('WESFIN')
  const row = page.getByTestId('client-row')
  // One assertion over the whole list, retried until the search has replaced the list shown
  // before it (a count alone passed on the list from before the new client was refetched).
  await expect(row).toHaveText([/Westlake Financial Services.*WESFINSER-WEPOMA.*Active/])

  await row.getByRole('button', { name: 'Edit' }).click()
  await page.getByLabel('Client code').fill('WEST-1')
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByLabel('Search clients').fill('WEST-1')
  await expect(page.getByTestId('client-row')).toContainText('WEST-1')

  page.once('dialog', (dialog) => dialog.accept())
  await page.getByTestId('client-row').getByRole('button', { name: 'Deactivate' }).click()
  await expect(page.getByTestId('client-row')).toContainText('Inactive')

  await page.getByLabel('Sub-status code').fill('close_fee_declined')
  await page.getByLabel('Sub-status description').fill('Close Fee Declined')
  await page.getByRole('button', { name: 'Add sub-status' }).click()
  const subStatus = page.getByTestId('sub-status-row').filter({ hasText: 'CLOSE_FEE_DECLINED' })
  await expect(subStatus).toContainText('Close Fee Declined')
  await subStatus.getByRole('button', { name: 'Active' }).click()
  await expect(subStatus).toContainText('Inactive')
})
