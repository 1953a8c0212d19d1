import { expect, test } from '@playwright/test'
import { seriousViolations } from './fixtures/page-checks'
import { saveFirstRateCardVersion } from './fixtures/rate-card'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_ROLE_PASSWORD, REPRICE_AGENCY } from './seed-data'

// Issue 41 item 2: a draft of a client without a rate card offers to create one; once created, the
// client's drafts are priced again in the background (at once since issue 42), and Invoice Management
// says how many wait while they do.

test('a draft without a rate card leads to its client’s new card, and is priced again', async ({ page }, testInfo) => {
  test.setTimeout(180_000)
  await signInAndLand(page, REPRICE_AGENCY.managerEmail, E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/invoice-management')
  await page.getByTestId('invoice-row').first().click()
  const panel = page.getByTestId('invoice-panel')
  await expect(panel).toContainText(REPRICE_AGENCY.client.name)
  await expect(panel).toContainText('This case’s client has no rate card.')
  await page.screenshot({ path: testInfo.outputPath('draft-without-card.png'), fullPage: true })

  await panel.getByRole('link', { name: 'Create a rate card for this client' }).click()
  // Fee Schedules opens on a new card for that client.
  await expect(page).toHaveURL(/\/dashboard\/fees\?newCardFor=/)
  const dialog = page.getByRole('dialog', { name: 'New rate card' })
  await expect(dialog.getByLabel('Client').locator('option:checked')).toHaveText(REPRICE_AGENCY.client.name)
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByRole('heading', { name: REPRICE_AGENCY.client.name })).toBeVisible()
  await saveFirstRateCardVersion(page)

  await page.goto('/dashboard/invoice-management')
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('drafts-waiting.png'), fullPage: true })
  // The background work, woken as the card was saved (issue 42), prices it at once: the note saying
  // '1 draft is waiting to be priced again' (API test: rdn-case-clients.test.ts) is gone within moments.
  await expect(page.getByTestId('repricing-note')).toBeHidden({ timeout: 30_000 })
  await page.getByTestId('invoice-row').first().click()
  await expect(panel.getByTestId('invoice-line')).toHaveText([/Involuntary Repossession.*\$350\.00/])
  await expect(panel).not.toContainText('has no rate card')
})
