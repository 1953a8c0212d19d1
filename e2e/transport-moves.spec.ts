import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { seriousViolations } from './fixtures/page-checks'
import { screenshotsIn } from './fixtures/screenshots'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

// Issue 20: the transport manager's moves come from 'Authorized to Transport'. On a phone, an
// administrator sends a recovered vehicle to an auction (no release to sign for a transport), then
// the transport manager hands it to the transporter's driver from the dashboard's Moves.
// RDN-3012 is recovered and no other spec touches it.

test.use({ viewport: { width: 390, height: 844 } })

const shoot = screenshotsIn('transport-moves')

test('a transport authorized on the case is the transport manager’s move until handed over', async ({ browser }) => {
  test.setTimeout(90_000)
  const admin = await (await browser.newContext()).newPage()
  await signInAndLand(admin, roleEmail('admin'), E2E_ROLE_PASSWORD)
  const vendor = await admin.request.post('/api/vendors', {
    data: { name: 'Gulf Coast Auction', type: 'auction' },
    headers: { 'Idempotency-Key': randomUUID() },
  })
  expect(vendor.status(), await vendor.text()).toBe(201)

  await admin.goto('/cases/3012')
  const redemption = admin.getByTestId('redemption-card')
  await redemption.scrollIntoViewIfNeeded()
  await redemption.getByLabel('Release kind').selectOption({ label: 'Authorized to Transport' })
  await redemption.getByLabel('Auction or transporter').selectOption({ label: 'Gulf Coast Auction' })
  await redemption.getByRole('button', { name: 'Authorize' }).click()
  await expect(redemption.getByText(/^Authorized to Transport to Gulf Coast Auction on/)).toBeVisible()
  await expect(redemption.getByText('Have the release signed')).toHaveCount(0)
  await admin.context().close()

  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
  await signInAndLand(page, roleEmail('transport_manager'), E2E_ROLE_PASSWORD)
  await expect(page).toHaveURL(/\/dashboard\/transport-manager$/)
  // The transport manager may not open the redemption screens: no links to them.
  await expect(page.getByRole('navigation', { name: 'Redemption screens' })).toHaveCount(0)
  const move = page.getByTestId('transport-move').filter({ hasText: 'RDN-3012' })
  await expect(move).toContainText('To Gulf Coast Auction')
  await expect(move.getByRole('link', { name: 'RDN-3012' })).toHaveAttribute('href', '/cases/3012')
  // The moves come a page at a time, saying how many of them are listed.
  await expect(page.getByTestId('moves-listed-of')).toHaveText(/^Listing \d+ of \d+ moves$/)
  await move.getByRole('button', { name: 'Hand over' }).click()
  await move.getByLabel("Transporter's driver").fill('Terry Driver')
  await move.getByLabel('Last 4 of ID').fill('12')
  await move.getByRole('button', { name: 'Hand over' }).click()
  // Beside the field, linked to it.
  await expect(move.getByLabel('Last 4 of ID')).toHaveAccessibleDescription(
    'Give the last four characters of the ID number.',
  )
  await shoot(page, 'hand-over')
  expect(await seriousViolations(page)).toEqual([])
  await move.getByLabel('Last 4 of ID').fill('T123')
  await move.getByRole('button', { name: 'Hand over' }).click()
  await expect(page.getByTestId('transport-move').filter({ hasText: 'RDN-3012' })).toHaveCount(0)
  await expect(page.getByText('No vehicle is authorized to transport.')).toBeVisible()
  await page.context().close()
})
