import { expect, test } from '@playwright/test'
import { seriousViolations, signInAndLand } from './fixtures'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

// Issue 20: after the recovery, on a phone: what redeeming costs, the release against an ID, and
// the personal property found in the vehicle. RDN-3006 is recovered and no other spec touches it.

test.use({ viewport: { width: 390, height: 844 } })

test('a post recovery manager quotes, releases and inventories a recovered RDN case on a phone', async ({ page }) => {
  test.setTimeout(90_000)
  await signInAndLand(page, roleEmail('post_recovery_manager'), E2E_ROLE_PASSWORD)
  await page.goto('/cases/3006')

  const redemption = page.getByTestId('redemption-card')
  await redemption.scrollIntoViewIfNeeded()
  await expect(redemption.getByRole('heading', { name: 'Redemption & Release' })).toBeVisible()
  // A quote, or the server's reason there is none yet (no invoice prices this case).
  await expect(redemption.getByText(/Quote as of|No invoice prices this case yet/)).toBeVisible()

  // Authorize the release, then hand the vehicle over against an ID.
  await redemption.getByLabel('Release kind').selectOption({ label: 'Authorized to Release' })
  await redemption.getByLabel('Lender authorization reference').fill('ALLY-REL-3006')
  await redemption.getByRole('button', { name: 'Authorize' }).click()
  await expect(redemption.getByRole('button', { name: 'Hand over' })).toBeVisible()

  // Without the ID's last four the server says what is missing.
  await redemption.getByLabel('Released to').fill('Debtor Six')
  await redemption.getByRole('button', { name: 'Hand over' }).click()
  await expect(redemption.getByRole('alert')).toContainText('Give the last four characters of the ID number.')

  await redemption.getByLabel('ID type').selectOption("Driver's license")
  await redemption.getByLabel('Last 4 of ID').fill('1234')
  await redemption.getByRole('button', { name: 'Hand over' }).click()
  await expect(redemption.getByTestId('release-done')).toContainText('Released to Debtor Six (ID ending 1234)')

  // Inventory one item found in the vehicle.
  const property = page.getByTestId('property-card')
  await property.scrollIntoViewIfNeeded()
  await expect(property.getByRole('heading', { name: 'Personal Property' })).toBeVisible()
  await property.getByLabel('Category').selectOption('Tools')
  await property.getByLabel('Description').fill('Socket set in a red case')
  await property.getByLabel('Quantity').fill('1')
  await property.getByLabel('Container label').fill('1 of 1')
  await property.getByLabel('Place in the lot').fill('Shelf B2')
  await property.getByRole('button', { name: 'Save inventory' }).click()
  await expect(property.getByTestId('property-item')).toContainText('Socket set in a red case')
  await expect(property.getByText(/Held until/)).toBeVisible()
  await expect(property.getByText(/Notice to the debtor due/)).toBeVisible()

  expect(await seriousViolations(page)).toEqual([])
})
