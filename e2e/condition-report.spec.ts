import { expect, type Locator, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { openOrderFromSearch } from './fixtures/detail-page'
import { seriousViolations } from './fixtures/page-checks'
import { screenshotsIn } from './fixtures/screenshots'
import { signInAndLand } from './fixtures/sign-in'
import { CONDITION_REPORT_SLOTS, pngPhoto } from './fixtures/uploads'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

// Issue 20: the condition report of a recovered vehicle, taken on a phone at the lot.

test.use({ viewport: { width: 390, height: 844 } })

/** A phone's JPEG: its EXIF says when and where it was taken (issue 41). */
async function phonePhoto() {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4a6fa5' } })
    .jpeg()
    .withExif({
      IFD2: { DateTimeOriginal: '2026:11:20 14:30:00' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 42/1 4608/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '74/1 0/1 2160/100',
      },
    })
    .toBuffer()
  return { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer }
}

/** A small PNG of its own colour: the same bytes twice would be one stored file. */
const photo = (index: number) => pngPhoto(`photo-${index}.png`, { r: 30 * index, g: 200 - 20 * index, b: 90 })

const shot = screenshotsIn('condition-report')

/** Every thumbnail in the locator has loaded its image (served to the signed-in company). */
async function expectLoaded(images: Locator, count: number) {
  await expect(images).toHaveCount(count)
  for (const image of await images.all()) {
    await expect(image).toBeVisible()
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0)
  }
}

const openFullOrder = (page: Page) => openOrderFromSearch(page, 'Avery Castillo', 'CASE-5003')

test('a lot manager takes the condition report of a recovered order on a phone and accepts it', async ({ page }) => {
  test.setTimeout(120_000)
  await signInAndLand(page, roleEmail('lot_manager'), E2E_ROLE_PASSWORD)
  await openFullOrder(page)
  const card = page.getByTestId('condition-report-card')
  await card.scrollIntoViewIfNeeded()
  await expect(card.getByRole('heading', { name: 'Condition Report' })).toBeVisible()
  await expect(card).toContainText('No condition report yet')
  await card.getByRole('button', { name: 'Start condition report' }).click()
  await expect(card.getByRole('heading', { name: 'Version 1' })).toBeVisible()
  await expect(card.getByText('Draft', { exact: true })).toBeVisible()

  // Accepting too early says what is missing.
  await card.getByRole('button', { name: 'Accept report' }).click()
  const alert = card.getByRole('alert')
  await expect(alert).toContainText(
    'Take the photos still missing: Front left corner, Front right corner, Rear left corner, Rear right corner, VIN, Odometer, License plate, Interior.',
  )
  // A reason about a field of the form stands beside that field, not in the list above the buttons.
  await expect(card.getByLabel('Odometer (miles)')).toHaveAccessibleDescription('Read the odometer.')
  await expect(card.getByLabel('Odometer (miles)')).toHaveAttribute('aria-invalid', 'true')
  await expect(card.getByLabel('Odometer (miles)')).toBeFocused()
  await expect(alert).not.toContainText('Read the odometer.')
  // So do the yes/no answers: each reason below its group, on its radios.
  const keysYes = card.getByRole('group', { name: 'Keys with the vehicle' }).getByLabel('Yes')
  await expect(keysYes).toHaveAccessibleDescription('Say whether the keys came with the vehicle.')
  await expect(keysYes).toHaveAttribute('aria-invalid', 'true')
  await expect(card.getByRole('group', { name: 'Drivable' }).getByLabel('No')).toHaveAccessibleDescription(
    'Say whether the vehicle is drivable.',
  )
  await expect(alert).not.toContainText('Say whether the keys came with the vehicle.')
  await expect(alert).not.toContainText('Say whether the vehicle is drivable.')
  await shot(page, 'phone-missing')

  // Not a photo: the server's reason shows on its tile.
  const interior = card.getByLabel('Photo: Interior')
  await interior.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') })
  await expect(card.getByTestId('photo-tile').filter({ hasText: 'Interior' }).getByRole('alert')).toHaveText(
    'Only photos (JPEG, PNG or WebP) and PDF documents are accepted.',
  )

  for (const [index, label] of CONDITION_REPORT_SLOTS.entries()) {
    await card.getByLabel(`Photo: ${label}`).setInputFiles(index === 0 ? await phonePhoto() : await photo(index))
    await expect(card.getByRole('img', { name: label, exact: true })).toBeVisible()
  }
  await expect(card.getByRole('heading', { name: 'Photos (8 of 8)' })).toBeVisible()
  await expect(card.getByText('All changes saved')).toBeVisible()
  await expect(card.getByText('Only photos (JPEG, PNG or WebP)')).toHaveCount(0)

  await card.getByLabel('Odometer (miles)').fill('84210')
  await card.getByRole('group', { name: 'Keys with the vehicle' }).getByLabel('Yes').check()
  await card.getByRole('group', { name: 'Drivable' }).getByLabel('No').check()
  // Keys without their type: the reason beside Key type, which takes the focus.
  await card.getByRole('button', { name: 'Accept report' }).click()
  const keyType = card.getByLabel('Key type')
  await expect(keyType).toHaveAccessibleDescription('Say what kind of key came with it.')
  await expect(keyType).toHaveAttribute('aria-invalid', 'true')
  await expect(keyType).toBeFocused()
  const [selectBox, reasonBox] = await Promise.all([
    keyType.boundingBox(),
    card.getByText('Say what kind of key came with it.').boundingBox(),
  ])
  expect((reasonBox?.y ?? 0) - ((selectBox?.y ?? 0) + (selectBox?.height ?? 0))).toBeLessThan(40)
  await shot(page, 'phone-key-type-refused')
  await keyType.selectOption('Transponder')
  await card.getByRole('button', { name: 'Add damage' }).click()
  const damage = card.getByRole('group', { name: 'Damage 1' })
  await damage.getByLabel('Area').fill('Rear bumper')
  await damage.getByLabel('Description').fill('Scratch, about 10 inches')
  await damage.getByLabel('Photo: Damage 1').setInputFiles(await photo(9))
  await expect(damage.getByRole('img', { name: 'Damage 1' })).toBeVisible()
  await card.getByLabel('Notes').fill('Towed in; left rear tire flat.')
  await expect(card.getByText('Not saved yet')).toBeVisible()
  await shot(page, 'phone-draft')

  // A refused save shows the server's reason and keeps everything typed.
  await page.route('**/api/condition-reports/*', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { code: 'bad_request', message: 'The odometer is too large.', field: 'odometer' },
          }),
        })
      : route.fallback(),
  )
  await card.getByRole('button', { name: 'Save report' }).click()
  await expect(card.getByLabel('Odometer (miles)')).toHaveAccessibleDescription('The odometer is too large.')
  await expect(card.getByLabel('Odometer (miles)')).toHaveValue('84210')
  await expect(card.getByLabel('Notes')).toHaveValue('Towed in; left rear tire flat.')
  await expect(card.getByText('Not saved yet')).toBeVisible()
  await page.unroute('**/api/condition-reports/*')
  await card.getByRole('button', { name: 'Save report' }).click()
  await expect(card.getByText('All changes saved')).toBeVisible()
  await expect(card.getByRole('alert')).toHaveCount(0)

  // Saved for good: the draft reads back after a reload.
  await page.reload()
  await expect(card.getByLabel('Odometer (miles)')).toHaveValue('84210')
  await expect(card.getByLabel('Key type')).toHaveValue('Transponder')
  await expect(card.getByRole('group', { name: 'Damage 1' }).getByLabel('Area')).toHaveValue('Rear bumper')
  await expect(card.getByLabel('Notes')).toHaveValue('Towed in; left rear tire flat.')

  await card.getByRole('button', { name: 'Accept report' }).click()
  await expect(card.getByText('Accepted', { exact: true })).toBeVisible()
  await expect(card).toContainText(/Accepted by Pat lot manager on \d+\/\d+\/\d+, \d+:\d+ [AP]M/)
  await expect(card.getByText('84,210 miles')).toBeVisible()
  await expect(card.getByText('Yes (Transponder)')).toBeVisible()
  await expect(card.getByText('Rear bumper')).toBeVisible()
  await expect(card.getByText('Towed in; left rear tire flat.')).toBeVisible()
  await expectLoaded(card.getByRole('img'), 9)
  // When and where the phone's photo was taken, from its EXIF (the photo served carries none).
  await expect(card.getByText('Taken Nov 20, 2026 2:30 PM at 40.71280, -74.00600')).toBeVisible()
  await expect(card.getByRole('button', { name: 'Save report' })).toHaveCount(0)
  await expect(card.getByRole('button', { name: 'Start amendment' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await shot(page, 'phone-accepted')

  await page.emulateMedia({ colorScheme: 'dark' })
  await card.scrollIntoViewIfNeeded()
  expect(await seriousViolations(page)).toEqual([])
  await shot(page, 'phone-accepted-dark')

  // A change is a new version: the accepted one stays as it was, listed below.
  await card.getByRole('button', { name: 'Start amendment' }).click()
  await expect(card.getByRole('heading', { name: 'Version 2' })).toBeVisible()
  await expect(card.getByRole('heading', { name: 'Photos (8 of 8)' })).toBeVisible()
  await expect(card.getByLabel('Odometer (miles)')).toHaveValue('84210')
  await expect(card.getByTestId('earlier-report')).toContainText('Version 1')
  expect(await seriousViolations(page)).toEqual([])
  await shot(page, 'phone-amendment-dark')
})

test('an RDN case: a post recovery manager starts a report; an open case only says when one is taken', async ({
  page,
}) => {
  await signInAndLand(page, roleEmail('post_recovery_manager'), E2E_ROLE_PASSWORD)
  await page.goto('/cases/3003')
  const card = page.getByTestId('condition-report-card')
  await card.getByRole('button', { name: 'Start condition report' }).click()
  await expect(card.getByRole('heading', { name: 'Photos (0 of 8)' })).toBeVisible()
  await card.getByLabel('Photo: VIN').setInputFiles(await photo(12))
  await expect(card.getByRole('img', { name: 'VIN', exact: true })).toBeVisible()
  await expect(card.getByText('All changes saved')).toBeVisible()
  await page.emulateMedia({ colorScheme: 'dark' })
  await card.getByRole('button', { name: 'Accept report' }).click()
  await expect(card.getByRole('alert')).toContainText('Take the photos still missing: Front left corner,')
  await expect(card.getByRole('alert')).not.toContainText('VIN')
  expect(await seriousViolations(page)).toEqual([])
  await shot(page, 'phone-rdn-draft-dark')

  await page.goto('/cases/3001')
  await expect(page.getByTestId('condition-report-card')).toHaveText(
    /A condition report is taken once the vehicle is recovered\./,
  )
  await expect(page.getByRole('button', { name: 'Start condition report' })).toHaveCount(0)
})

test('a field manager sees no condition report on an order', async ({ page }) => {
  await signInAndLand(page, roleEmail('field_manager'), E2E_ROLE_PASSWORD)
  await openFullOrder(page)
  await expect(page.getByRole('heading', { name: 'Vehicle Information' })).toBeVisible()
  await expect(page.getByTestId('condition-report-card')).toHaveCount(0)
})
