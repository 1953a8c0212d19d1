import { expect, type Page, test } from '@playwright/test'
import { expectNothingSideways, seriousViolations } from './fixtures/page-checks'
import { screenshotsIn } from './fixtures/screenshots'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_ROLE_PASSWORD, mapEmail } from './seed-data'

// The map's agency (e2e/seed-map.ts): a Mobile field manager, agents Avery and Blake, six open
// Mobile orders (MAP-1..6), one RDN case (RDN-MAP-1, violent), MAP-MINE on Avery for six days
// without an update, and a Birmingham order outside the field manager's market.

const shoot = screenshotsIn('map')

async function openMap(page: Page, who: Parameters<typeof mapEmail>[0]) {
  await signInAndLand(page, mapEmail(who, 'map'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/maps')
  await expect(page.getByRole('heading', { name: 'Case Location Map', level: 1 })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Case map' })).toBeVisible()
}

const pin = (page: Page, label: string) => page.getByRole('button', { name: label, exact: true })

/** Zooms into the crowd of pins (a count) until the pin can be pressed, as a person would. */
async function zoomToPin(page: Page, label: string) {
  for (let step = 0; step < 8 && !(await pin(page, label).isVisible()); step++) {
    await page
      .getByRole('button', { name: /cases here: zoom in$/ })
      .first()
      .click()
    await page.waitForTimeout(400)
  }
  await expect(pin(page, label)).toBeVisible()
}

test.describe.configure({ mode: 'serial' })

test('a recovery agent sees only their own pins, and cannot select an area', async ({ page }) => {
  await openMap(page, 'agent')
  await expect(page.getByText(/1 case in view/)).toBeVisible()
  await expect(pin(page, 'MAP-MINE')).toBeVisible()
  await expect(pin(page, 'MAP-1')).toHaveCount(0)
  await expect(pin(page, 'RDN-MAP-1')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Select area' })).toHaveCount(0)
  await expect(page.getByLabel('Agent', { exact: true })).toHaveCount(0)
  await shoot(page, 'agent')
})

test('a field manager filters the map, opens a pin, selects an area and assigns it; the board follows', async ({
  page,
  context,
}) => {
  const boardPage = await context.newPage()
  await openMap(page, 'field_manager')
  await boardPage.goto('/dashboard/assignments')
  await expect(boardPage.getByRole('heading', { name: 'Agent Assignment', level: 1 })).toBeVisible()

  await expect(page.getByText(/Placed at ZIP centres · 8 cases in view/)).toBeVisible()
  await expect(pin(page, 'MAP-BHM')).toHaveCount(0)
  await page.getByLabel('Spotted').selectOption('yes')
  await expect(page).toHaveURL(/spotted=yes/)
  await expect(page.getByText('No cases match these filters')).toBeVisible()
  await page.getByLabel('Spotted').selectOption('')
  await page.getByLabel('Market', { exact: true }).selectOption('Mobile')
  await expect(page).toHaveURL(/market=Mobile/)

  // Eight cases in one city gather into a count at the country's zoom; zoomed in, each is a pin.
  await expect(page.getByRole('button', { name: '8 cases here: zoom in' })).toBeVisible()
  await zoomToPin(page, 'MAP-MINE')
  // A pin's card: the case, its vehicle and address, with a link to it; Escape closes it.
  await pin(page, 'MAP-MINE').click()
  const card = page.getByRole('region', { name: 'MAP-MINE' })
  await expect(card).toContainText('Jordan Stale')
  await expect(card).toContainText('Honda Civic')
  await expect(card.getByRole('link')).toHaveAttribute('href', /\/order\/[0-9a-f-]{36}$/)
  await shoot(page, 'card')
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(card).toHaveCount(0)

  // Draw an area over the whole view: every case of the view in it is selected.
  const map = await page.getByRole('img', { name: 'Case map' }).boundingBox()
  if (!map) throw new Error('The map has no box')
  await page.getByRole('button', { name: 'Select area' }).click()
  const bottom = Math.min(map.y + map.height, (page.viewportSize()?.height ?? 720) - 2) - 4
  await page.mouse.move(map.x + map.width - 4, bottom)
  await page.mouse.down()
  await page.mouse.move(map.x + map.width / 2, map.y + map.height / 3, { steps: 5 })
  await page.mouse.move(map.x + 4, map.y + 4, { steps: 5 })
  await page.mouse.up()
  await expect(page.getByText('8 cases selected · 8 open can be assigned')).toBeVisible()
  await page.getByRole('button', { name: 'Assign 8 cases' }).click()
  const dialog = page.getByRole('dialog', { name: 'Assign 8 cases' })
  await dialog.getByLabel('Recovery agent').selectOption({ label: 'Blake Mapper (Mobile) · 0 open' })
  await dialog.getByRole('button', { name: 'Assign' }).click()
  await expect(page.getByText('Assigned 8 cases')).toBeVisible()
  await shoot(page, 'assigned')

  // The board in the other tab shows it without a reload.
  const row = boardPage
    .getByRole('list', { name: 'Assignment board' })
    .getByRole('listitem')
    .filter({ has: boardPage.getByRole('link', { name: 'MAP-3', exact: true }) })
  await expect(row).toContainText('Agent: Blake Mapper', { timeout: 15_000 })
})

test('a phone shows the map full width with its filters folded', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openMap(page, 'field_manager')
  await expectNothingSideways(page)
  await shoot(page, 'phone')
})

test('on a phone an area selection says how many are open and can be assigned (issue 41)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openMap(page, 'field_manager')
  const map = await page.getByRole('img', { name: 'Case map' }).boundingBox()
  if (!map) throw new Error('The map has no box')
  await page.getByRole('button', { name: 'Select area' }).click()
  const bottom = Math.min(map.y + map.height, 842) - 4
  await page.mouse.move(map.x + map.width - 4, bottom)
  await page.mouse.down()
  await page.mouse.move(map.x + map.width / 2, map.y + map.height / 3, { steps: 5 })
  await page.mouse.move(map.x + 4, map.y + 4, { steps: 5 })
  await page.mouse.up()
  const text = page.getByText(/^\d+ cases? selected · \d+ open can be assigned$/)
  await expect(text).toBeVisible()
  const box = await text.boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
  await shoot(page, 'phone-selection')
})
