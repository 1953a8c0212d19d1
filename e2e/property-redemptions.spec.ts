import { expect, test } from '@playwright/test'
import { seriousViolations } from './fixtures/page-checks'
import { screenshotsIn } from './fixtures/screenshots'
import { signInAndLand } from './fixtures/sign-in'
import { pngPhoto } from './fixtures/uploads'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

// Issue 20: personal property given back in part, on a phone: a post recovery manager inventories
// two items of a recovered RDN case, books the pickup, has the release of one signed on the spot
// and hands it over; the other stays held. RDN-3015 is recovered and no other spec touches it.

test.use({ viewport: { width: 390, height: 844 } })

/** A small PNG of its own colour: the same bytes twice would be one stored file. */
const photo = (index: number) => pngPhoto(`item-${index}.png`, { r: 40 * index, g: 120, b: 200 - 30 * index })

const shot = screenshotsIn('property-redemptions')

test('a post recovery manager releases one of two items against a release signed on the spot', async ({ page }) => {
  test.setTimeout(120_000)
  await signInAndLand(page, roleEmail('post_recovery_manager'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/property-redemptions')
  await expect(page.getByRole('heading', { name: 'Property Redemptions', level: 1 })).toBeVisible()
  await expect(page.getByTestId('property-skeleton')).toHaveCount(0)

  // The company inventories with two people from now on (set back at the end).
  const settings = page.getByRole('form', { name: 'Property settings' })
  await settings.getByLabel('Inventory property with two people').check()
  await settings.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText('Settings saved')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await shot(page, 'phone-list')

  // Nothing inventoried for RDN-3015 yet: its property is taken on the case.
  await page.getByLabel('Search property').fill('RDN-3015')
  await expect(page.getByText('No property matches these filters.')).toBeVisible()
  await page.goto('/cases/3015')
  const card = page.getByTestId('property-card')
  await card.scrollIntoViewIfNeeded()
  await card.getByLabel('Category').selectOption('Electronics')
  await card.getByLabel('Description').fill('Laptop in a grey sleeve')
  await card.getByLabel('Container label').fill('1 of 2')
  await card.getByLabel('Photo: Item 1').setInputFiles(await photo(1))
  await expect(card.getByRole('img', { name: 'Item 1', exact: true })).toBeVisible()
  await card.getByRole('button', { name: 'Add item' }).click()
  const second = card.getByRole('group', { name: 'Item 2' })
  await second.getByLabel('Category').selectOption('Clothing')
  await second.getByLabel('Description').fill('Work jacket')
  await second.getByLabel('Container label').fill('2 of 2')
  await second.getByLabel('Photo: Item 2').setInputFiles(await photo(2))
  await expect(second.getByRole('img', { name: 'Item 2', exact: true })).toBeVisible()
  await shot(page, 'phone-inventory')
  // Without the second person the server's reason shows on the field (the browser's own check aside).
  const secondPerson = card.getByLabel('Second person present (required)')
  await secondPerson.evaluate((select: HTMLSelectElement) => {
    select.required = false
  })
  await card.getByRole('button', { name: 'Save inventory' }).click()
  await expect(card.getByText('Your company inventories property with two people: name the second.')).toBeVisible()
  await expect(secondPerson).toHaveAttribute('aria-invalid', 'true')
  await secondPerson.selectOption({ index: 1 })
  const witness = ((await secondPerson.locator('option:checked').textContent()) ?? '').trim()
  await card.getByRole('button', { name: 'Save inventory' }).click()
  await expect(card.getByTestId('property-item')).toHaveCount(2)
  await expect(card).toContainText(`with ${witness}`)

  // On the screen: the case is listed, and its detail opens.
  await page.goto('/dashboard/property-redemptions')
  await page.getByLabel('Search property').fill('RDN-3015')
  const row = page.getByTestId('property-row').filter({ hasText: 'RDN-3015' }).filter({ visible: true })
  await expect(row).toContainText('2 of 2 held')
  await row.getByRole('link').click()
  const detail = page.getByTestId('property-detail')
  await expect(detail.getByRole('heading', { name: 'Personal Property' })).toBeVisible()
  await expect(detail.getByTestId('property-clock')).toContainText(/Held until/)
  const photos = detail.getByTestId('property-item').getByRole('img')
  await expect(photos).toHaveCount(2)
  for (const image of await photos.all())
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0)

  // Book the pickup.
  await detail.getByRole('button', { name: 'Book a pickup' }).click()
  await detail.getByLabel('Date and time').fill('2027-01-15T10:30')
  await detail.getByLabel('Person coming').fill('Debtor Fifteen')
  await detail.getByLabel('Phone').fill('251-555-0115')
  await detail.getByRole('button', { name: 'Book pickup' }).click()
  await expect(detail.getByTestId('property-appointment')).toContainText('Debtor Fifteen')
  await expect(detail.getByTestId('property-appointment')).toContainText('Scheduled')

  // A notice with its proof; the letter to send is a PDF.
  await detail.getByRole('button', { name: 'Record a notice' }).click()
  await detail.getByLabel('Sent by').selectOption('Certified mail')
  await detail.getByLabel('Proof of notice').setInputFiles(await photo(3))
  await expect(detail.getByTestId('notice-proof-ready')).toBeVisible()
  await detail.getByRole('button', { name: 'Record notice' }).click()
  await expect(detail.getByTestId('property-notice')).toContainText('by Certified mail')
  await expect(detail.getByRole('link', { name: 'View proof' })).toBeVisible()
  const letter = await page.request.get(
    (await detail.getByRole('link', { name: 'Notice letter (PDF)' }).getAttribute('href')) ?? '',
  )
  expect(letter.headers()['content-type']).toContain('application/pdf')

  // Release the laptop only, signed on this device.
  await detail.getByLabel('Select Laptop in a grey sleeve').check()
  await detail.getByRole('button', { name: 'Release selected (1)' }).click()
  await detail.getByLabel('Signer name').fill('Debtor Fifteen')
  await detail.getByRole('button', { name: 'Prepare release' }).click()
  const release = detail.getByTestId('property-release')
  await expect(release.getByTestId('release-status')).toHaveText('Waiting for signature')
  await expect(release.getByTestId('release-link')).toContainText('/signature/')
  await shot(page, 'phone-waiting')

  const [signer] = await Promise.all([
    page.context().waitForEvent('page'),
    release.getByRole('link', { name: 'Sign on this device' }).click(),
  ])
  await expect(signer.getByTestId('document-body')).toContainText('Laptop in a grey sleeve')
  await expect(signer.getByTestId('document-body')).not.toContainText('Work jacket')
  await expect(signer.getByLabel('Your full name')).toHaveValue('Debtor Fifteen')
  const pad = signer.getByLabel('Signature pad: draw your signature')
  const box = await pad.boundingBox()
  if (!box) throw new Error('no signature pad')
  await signer.mouse.move(box.x + 30, box.y + box.height / 2)
  await signer.mouse.down()
  for (let step = 1; step <= 10; step++)
    await signer.mouse.move(box.x + 30 + step * 25, box.y + box.height / 2 + (step % 2 ? -20 : 20))
  await signer.mouse.up()
  await signer.getByRole('button', { name: 'Sign Document' }).click()
  await expect(signer.getByRole('heading', { name: 'Document Signed' })).toBeVisible()
  await signer.close()

  // Back here the release reads as signed; the laptop is handed over against an ID.
  await page.bringToFront()
  await expect(release.getByTestId('release-status')).toHaveText(/^Signed by Debtor Fifteen/, { timeout: 15_000 })
  await release.getByLabel('Released to').fill('Debtor Fifteen')
  await release.getByLabel('ID type').selectOption("Driver's license")
  await release.getByLabel('Last 4 of ID').fill('4321')
  await release.getByRole('button', { name: 'Hand over' }).click()
  await expect(release.getByTestId('release-status')).toContainText('Released to Debtor Fifteen (ID ending 4321)')

  await detail.getByRole('button', { name: 'Mark kept' }).click()
  await expect(detail.getByTestId('property-appointment')).toContainText('Kept')

  const laptop = detail.getByTestId('property-item').filter({ hasText: 'Laptop in a grey sleeve' })
  const jacket = detail.getByTestId('property-item').filter({ hasText: 'Work jacket' })
  await expect(laptop.getByTestId('property-item-status')).toHaveText('Released')
  await expect(jacket.getByTestId('property-item-status')).toHaveText('Held')
  await expect(detail.getByRole('heading', { name: 'Items: 1 of 2 held' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await shot(page, 'phone-released')

  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await seriousViolations(page)).toEqual([])
  await shot(page, 'phone-released-dark')

  // On a desk: the list beside the detail.
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.emulateMedia({ colorScheme: 'light' })
  await page.getByRole('link', { name: 'Back to the list' }).click()
  await expect(page.getByTestId('state-rules')).toContainText('CA')
  expect(await seriousViolations(page)).toEqual([])
  await shot(page, 'desk-list')
  await page
    .getByTestId('property-row')
    .filter({ hasText: 'RDN-3015' })
    .filter({ visible: true })
    .getByRole('link')
    .click()
  await expect(detail).toBeVisible()
  await expect(page.getByTestId('property-row').filter({ visible: true })).toContainText('1 of 2 held')
  await shot(page, 'desk')
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await seriousViolations(page)).toEqual([])
  await shot(page, 'desk-dark')

  await page.getByRole('link', { name: 'Back to the list' }).click()
  await settings.getByLabel('Inventory property with two people').uncheck()
  await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/property/settings') && response.ok()),
    settings.getByRole('button', { name: 'Save settings' }).click(),
  ])
  await page.reload()
  await expect(settings.getByLabel('Inventory property with two people')).not.toBeChecked()
})
