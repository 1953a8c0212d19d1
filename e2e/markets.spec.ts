import { expect, test } from '@playwright/test'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

test('an admin adds a ZIP code to a market and a case with that debtor ZIP shows the market in the list', async ({
  page,
}) => {
  await signInAndLand(page, roleEmail('admin'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/orders?q=Sam%20Unmapped')
  const row = page.getByTestId('case-row')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Unknown')

  await page.goto('/dashboard/markets')
  await page.getByLabel('Market', { exact: true }).fill('Huntsville')
  await page.getByLabel('ZIP codes').fill('35801 35802\n3580')
  await page.getByRole('button', { name: 'Add ZIP codes' }).click()
  await expect(page.getByText('2 added; not 5-digit ZIP codes: 3580')).toBeVisible()
  const card = page.getByTestId('market-card').filter({ hasText: 'Huntsville' })
  await expect(card).toContainText('35801')
  await expect(card).toContainText('2 active ZIP codes')

  await page.getByLabel('Lot market').fill('Huntsville')
  await page.getByLabel('Lot name').fill('Huntsville Lot')
  await page.getByLabel('Coordinates').fill('(34.7304, -86.5861)')
  await page.getByRole('button', { name: 'Add lot' }).click()
  await expect(card).toContainText('34.730400, -86.586100')
  await expect(page.getByRole('img', { name: 'Map of the lots' })).toContainText('Huntsville Lot (Huntsville)')

  await page.goto('/dashboard/orders?q=Sam%20Unmapped')
  await expect(page.getByTestId('case-row')).toContainText('Huntsville')
})
