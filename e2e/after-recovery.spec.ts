import { expect, test } from '@playwright/test'
import { seriousViolations } from './fixtures/page-checks'
import { screenshotsIn } from './fixtures/screenshots'
import { signInAndLand } from './fixtures/sign-in'
import { drawSignature } from './fixtures/uploads'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

// Issue 20: after the recovery, on a phone: what redeeming costs, the release signed then handed
// over against an ID, and the personal property found in the vehicle; the Vehicle Redemptions
// screen reached from the post-recovery dashboard. RDN-3006 is recovered and no other spec touches it.

test.use({ viewport: { width: 390, height: 844 } })

const shoot = screenshotsIn('after-recovery')

test('a post recovery manager quotes, releases and inventories a recovered RDN case on a phone', async ({ page }) => {
  test.setTimeout(90_000)
  await signInAndLand(page, roleEmail('post_recovery_manager'), E2E_ROLE_PASSWORD)
  await page.goto('/cases/3006')

  const redemption = page.getByTestId('redemption-card')
  await redemption.scrollIntoViewIfNeeded()
  await expect(redemption.getByRole('heading', { name: 'Redemption & Release' })).toBeVisible()
  // A quote, or the server's reason there is none yet (no invoice prices this case).
  await expect(redemption.getByText(/Quote as of|No invoice prices this case yet/)).toBeVisible()

  // Authorize the release: the vehicle is handed over only once the release is signed.
  await redemption.getByLabel('Release kind').selectOption({ label: 'Authorized to Release' })
  await redemption.getByLabel('Lender authorization reference').fill('ALLY-REL-3006')
  await redemption.getByRole('button', { name: 'Authorize' }).click()
  await expect(redemption.getByTestId('hand-over-blocked')).toHaveText(
    'The release must be signed before the vehicle is handed over.',
  )
  await expect(redemption.getByRole('button', { name: 'Hand over' })).toBeDisabled()

  // Have it signed on this device: the public signature page opens beside the card.
  await redemption.getByLabel('Name of the person signing').fill('Debtor Six')
  await redemption.getByRole('button', { name: 'Get the signature link' }).click()
  await expect(redemption.getByTestId('release-signature')).toHaveText('Waiting for signature')
  await expect(redemption.getByTestId('release-signature-link')).toHaveValue(/\/signature\/[A-Za-z0-9_-]{43}$/)
  await shoot(page, 'release-link')
  const [signer] = await Promise.all([
    page.context().waitForEvent('page'),
    redemption.getByRole('link', { name: 'Sign on this device' }).click(),
  ])
  await expect(signer.getByTestId('document-body')).toContainText('I, Debtor Six, take the')
  await expect(signer.getByLabel('Your full name')).toHaveValue('Debtor Six')
  await drawSignature(signer)
  await signer.getByRole('button', { name: 'Sign Document' }).click()
  await expect(signer.getByRole('heading', { name: 'Document Signed' })).toBeVisible()
  await shoot(signer, 'release-signed-on-device')
  await signer.close()

  // Back on the card the signature shows (asked again on focus), and the hand-over opens to the signer.
  await page.bringToFront()
  await expect(redemption.getByTestId('release-signature')).toContainText('Signed by Debtor Six on')
  await expect(redemption.getByLabel('Released to')).toHaveValue('Debtor Six')
  await expect(redemption.getByRole('button', { name: 'Hand over' })).toBeEnabled()

  // Without the ID's last four the server says what is missing.
  await redemption.getByRole('button', { name: 'Hand over' }).click()
  // Beside the field, linked to it.
  await expect(redemption.getByLabel('Last 4 of ID')).toHaveAccessibleDescription(
    'Give the last four characters of the ID number.',
  )

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

test('the post recovery manager finds a recovered vehicle on Vehicle Redemptions and sees its card', async ({
  page,
}) => {
  await signInAndLand(page, roleEmail('post_recovery_manager'), E2E_ROLE_PASSWORD)
  await expect(page).toHaveURL(/\/dashboard\/post-recovery-manager$/)
  const links = page.getByRole('navigation', { name: 'Redemption screens' })
  await expect(links.getByRole('link')).toHaveText(['Vehicle Redemptions', 'Property Redemptions'])
  await links.getByRole('link', { name: 'Vehicle Redemptions' }).click()
  await expect(page).toHaveURL(/\/dashboard\/vehicle-redemptions$/)
  await expect(page.getByRole('heading', { name: 'Vehicle Redemptions', level: 1 })).toBeVisible()

  await page.getByRole('searchbox', { name: 'Search vehicles' }).fill('Debtor 6')
  const vehicles = page.getByTestId('redemption-vehicle')
  await expect(vehicles).toHaveCount(1)
  await expect(vehicles.first()).toContainText('RDN-3006')
  await expect(vehicles.first()).toContainText('2017 Nissan Altima')
  await vehicles.first().click()
  const selected = page.getByTestId('redemption-selected')
  await expect(selected.getByRole('heading', { name: 'Redemption & Release' })).toBeVisible()
  await expect(selected.getByRole('link', { name: 'Open the case' })).toHaveAttribute('href', '/cases/3006')

  // Money taken from the debtor at the counter (issue 41): a check without its number is refused
  // beside the field; with it, the payment is listed with its receipt and counted as collected.
  const payments = selected.getByRole('region', { name: 'Payments' })
  await payments.getByLabel('Amount collected').fill('125.50')
  await payments.getByLabel('Payment method').selectOption({ label: "Cashier's check" })
  await payments.getByRole('button', { name: 'Record payment' }).click()
  await expect(payments.getByLabel('Reference')).toHaveAccessibleDescription(
    'Give the check, card or transfer reference (only cash goes without one).',
  )
  await payments.getByLabel('Reference').fill('CK-3006')
  await payments.getByRole('button', { name: 'Record payment' }).click()
  const paid = payments.getByTestId('redemption-payment').filter({ hasText: 'CK-3006' })
  await expect(paid).toContainText("$125.50 by Cashier's check (CK-3006)")
  await expect(paid).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4}: /)
  await expect(paid.getByRole('link', { name: 'Receipt for $125.50' })).toHaveAttribute(
    'href',
    /\/api\/redemptions\/payments\/[0-9a-f-]{36}\/receipt\.pdf$/,
  )
  await expect(payments.getByTestId('payment-summary')).toContainText('Collected')
  await expect(payments.getByLabel('Amount collected')).toHaveValue('')
  await shoot(page, 'vehicle-redemptions')
  // The search and the chosen vehicle are in the address: back from the case, both are as they were.
  await selected.getByRole('link', { name: 'Open the case' }).click()
  await expect(page).toHaveURL(/\/cases\/3006$/)
  await page.goBack()
  await expect(page.getByRole('searchbox', { name: 'Search vehicles' })).toHaveValue('Debtor 6')
  await expect(selected.getByRole('heading', { name: 'Redemption & Release' })).toBeVisible()

  // A state nothing is in lists nothing, and says so.
  await page.getByLabel('Release state').selectOption({ label: 'Transported' })
  await expect(page.getByText('No recovered vehicle matches this search.')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
