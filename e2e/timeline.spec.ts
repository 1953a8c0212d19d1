import { type Browser, expect, type Page, test } from '@playwright/test'
import { addNote, noteEntries, notesCard, openOrderFromSearch } from './fixtures/detail-page'
import { expectNothingSideways, seriousViolations } from './fixtures/page-checks'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_BASE_URL } from './ports'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

// Issue 16: every order's and RDN case's notes and changes, newest first, on 'Notes & History'.

async function saveColor(page: Page, color: string) {
  await page.getByRole('button', { name: 'Edit' }).click()
  await page.getByLabel('Color', { exact: true }).fill(color)
  await page.getByRole('button', { name: 'Save' }).click()
  // The toast of the save before may still be fading out beside the new one.
  await expect(page.getByText('Order updated successfully').first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible()
}

test('a manager adds an office note to an order and sees the order edit on its timeline', async ({ page }) => {
  await signInAndLand(page, roleEmail('manager'), E2E_ROLE_PASSWORD)
  await openOrderFromSearch(page, 'Lee Fontaine', 'CASE-5002')
  const card = notesCard(page)
  // SPEC.md's own 'Timeline' card stays beside it.
  await expect(page.getByRole('heading', { name: 'Timeline', exact: true })).toBeVisible()
  await expect(noteEntries(page).first()).toContainText('Order created')

  await expect(card.getByLabel('Type')).toHaveValue('Office Note')
  const note = card.getByLabel('Note', { exact: true })
  await note.fill('Called the lender.\nThey confirm the <b>new</b> address.')
  await expect(card.getByText('55 / 1,500')).toBeVisible()
  await card.getByRole('button', { name: 'Add Note' }).click()
  await expect(note).toHaveValue('')
  const newest = noteEntries(page).first()
  await expect(newest).toContainText('Office Note')
  await expect(newest).toContainText('Pat manager')
  // Text, never HTML, with its line break.
  await expect(newest.locator('p', { hasText: 'Called the lender.' })).toHaveText(
    'Called the lender.\nThey confirm the <b>new</b> address.',
  )
  await expect(newest.locator('b')).toHaveCount(0)

  // Past the limit: the counter warns and the note cannot be added; nothing typed is lost.
  await note.fill('x'.repeat(1501))
  await expect(card.getByText('1,501 / 1,500')).toBeVisible()
  await expect(card.getByText('Note must be 1,500 characters or fewer.')).toBeVisible()
  await expect(card.getByRole('button', { name: 'Add Note' })).toBeDisabled()

  // The server's reason shows beside the field, and the text stays.
  await page.route('**/api/timeline/orders/*/notes', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'bad_request', message: 'body: Refused for a test.', field: 'body' } }),
    }),
  )
  await note.fill('This one is refused')
  await card.getByRole('button', { name: 'Add Note' }).click()
  await expect(card.getByText('Refused for a test.', { exact: true })).toBeVisible()
  await expect(note).toHaveValue('This one is refused')
  await page.unroute('**/api/timeline/orders/*/notes')

  await saveColor(page, 'Silver')
  await expect(noteEntries(page).first()).toContainText('Color set to Silver')
  await saveColor(page, 'Blue')
  await expect(noteEntries(page).first()).toContainText('Color changed from Silver to Blue')
  await expect(noteEntries(page).first()).toContainText('by Pat manager')
})

test('a recovery agent adds an agent update to an RDN case', async ({ page }) => {
  await signInAndLand(page, roleEmail('recovery_agent'), E2E_ROLE_PASSWORD)
  await page.goto('/cases/7001')
  await expect(page.getByRole('heading', { name: 'RDN-7001', level: 1 })).toBeVisible()
  const card = notesCard(page)
  await expect(noteEntries(page).last()).toContainText('Case created')
  await expect(card.getByLabel('Type')).toHaveValue('Agent Update')
  await card.getByLabel('Note', { exact: true }).fill('Vehicle located at the lot 🚗')
  await expect(card.getByText('28 / 1,500')).toBeVisible()
  await card.getByRole('button', { name: 'Add Note' }).click()
  const newest = noteEntries(page).first()
  await expect(newest).toContainText('Agent Update')
  await expect(newest).toContainText('Vehicle located at the lot 🚗')
  await expect(newest).toContainText('Pat recovery agent')
})

test("a long history shows 50 entries, then the older ones on 'Show older'", async ({ page }) => {
  await signInAndLand(page, roleEmail('manager'), E2E_ROLE_PASSWORD)
  await openOrderFromSearch(page, 'Dana Whitaker', 'CASE-5001')
  await expect(noteEntries(page)).toHaveCount(1)
  const orderId = page.url().split('/').pop()
  for (let index = 1; index <= 55; index++) {
    const response = await page.request.post(`/api/timeline/orders/${orderId}/notes`, {
      headers: { origin: E2E_BASE_URL },
      data: { type: 'Office Note', body: `Call ${index}` },
    })
    expect(response.status()).toBe(201)
  }
  await page.reload()
  await expect(noteEntries(page)).toHaveCount(50)
  await expect(noteEntries(page).first()).toContainText('Call 55')
  await notesCard(page).getByRole('button', { name: 'Show older' }).click()
  await expect(noteEntries(page)).toHaveCount(56)
  await expect(noteEntries(page).last()).toContainText('Order created')
  await expect(notesCard(page).getByRole('button', { name: 'Show older' })).toHaveCount(0)
})

test('notes of every type, light and dark, on a phone: readable and accessible', async ({ browser }, testInfo) => {
  for (const theme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } })
    await context.addInitScript((value) => window.localStorage.setItem('recovery-desk-theme', value), theme)
    const page = await context.newPage()
    await signInAndLand(page, roleEmail('field_manager'), E2E_ROLE_PASSWORD)
    await page.goto('/cases/7003')
    await expect(page.getByRole('heading', { name: 'RDN-7003', level: 1 })).toBeVisible()
    await expect(notesCard(page).getByLabel('Type')).toHaveValue('Office Note')
    await addNote(page, 'Lender Update', `Lender asked for photos (${theme}).`)
    await addNote(page, 'Agent Update', `Drove by twice, no vehicle (${theme}).`)
    await addNote(page, 'Office Note', `Skip trace ordered (${theme}).`)
    // Nothing wider than the phone's screen.
    await expectNothingSideways(page)
    await expect(page.locator('h1')).toHaveCount(1)
    expect(await seriousViolations(page), theme).toEqual([])
    if (process.env.TIMELINE_SCREENSHOTS) {
      await notesCard(page).screenshot({ path: testInfo.outputPath(`case-${theme}-375.png`) })
    }
    await context.close()
  }
})

/** Screens of the card for a person to look at: desktop and phone, light and dark. */
test('screenshots of Notes & History', async ({ browser }, testInfo) => {
  test.skip(!process.env.TIMELINE_SCREENSHOTS, 'only when TIMELINE_SCREENSHOTS is set')
  const shoot = async (b: Browser, theme: 'light' | 'dark', width: number) => {
    const context = await b.newContext({ viewport: { width, height: 900 } })
    await context.addInitScript((value) => window.localStorage.setItem('recovery-desk-theme', value), theme)
    const page = await context.newPage()
    await signInAndLand(page, roleEmail('manager'), E2E_ROLE_PASSWORD)
    await openOrderFromSearch(page, 'Lee Fontaine', 'CASE-5002')
    await expect(noteEntries(page).first()).toBeVisible()
    await notesCard(page).scrollIntoViewIfNeeded()
    await notesCard(page).screenshot({ path: testInfo.outputPath(`notes-${theme}-${width}.png`) })
    await context.close()
  }
  for (const theme of ['light', 'dark'] as const) for (const width of [1280, 375]) await shoot(browser, theme, width)
})
