import { type Browser, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { pageHeader } from './fixtures/detail-page'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_BASE_URL } from './ports'
import { E2E_ROLE_PASSWORD, HOLDS_ORDERS, holdsEmail } from './seed-data'

// The holds agency (e2e/seed-holds.ts): a manager, and an agent with two open orders of Mobile.

const PHONE = { width: 390, height: 844 }
/** Where the agent's phone says it is (Mobile, AL), and how sure. */
const PHONE_POSITION = { latitude: 30.6913, longitude: -88.0437, accuracy: 12 }
const HOLD_REASON = 'Lender called: the borrower paid in full'

/** With SCREENSHOTS set, the page as it stands into screens/ for a person to look at. */
async function shoot(page: Page, name: string) {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `screens/${name}.png`, fullPage: false })
}

async function agentOnPhone(browser: Browser) {
  const context = await browser.newContext({
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    geolocation: PHONE_POSITION,
    permissions: ['geolocation'],
  })
  const page = await context.newPage()
  await signInAndLand(page, holdsEmail('recovery_agent'), E2E_ROLE_PASSWORD)
  await expect(page).toHaveURL(/\/dashboard\/recovery-agent$/)
  return page
}

/** Opens the agent's order from their dashboard's open assignments. */
async function openAssigned(page: Page, caseNumber: string) {
  await page.getByTestId('assignments').getByRole('link', { name: caseNumber }).click()
  await expect(page.getByRole('heading', { name: caseNumber, level: 1 })).toBeVisible()
}

async function jpegPhoto() {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer()
  return { name: 'on-hook.jpg', mimeType: 'image/jpeg', buffer }
}

const fieldRecord = (page: Page) => page.getByRole('heading', { name: 'Field record' }).locator('xpath=../..')

test.describe.configure({ mode: 'serial' })

test('a recovery agent records On-Hook with a photo from a phone, once, and the order is Repossessed', async ({
  browser,
}) => {
  const page = await agentOnPhone(browser)
  // The dashboard's row offers On-Hook too.
  await expect(page.getByRole('button', { name: `On-Hook ${HOLDS_ORDERS.onHook.case_number}` })).toBeVisible()
  await openAssigned(page, HOLDS_ORDERS.onHook.case_number)
  await expect(fieldRecord(page)).toContainText('Nothing recorded from the field yet.')
  await page.getByRole('button', { name: 'On-Hook', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'On-Hook' })
  await expect(dialog.getByLabel('Recovery address')).toHaveValue('12 Dauphin St, Mobile, AL, 36602')
  await expect(dialog.getByText('Your location goes with it (±12 m).')).toBeVisible()
  await dialog.getByLabel('Photo: Vehicle on the hook (optional)').setInputFiles(await jpegPhoto())
  await expect(dialog.getByRole('img', { name: 'Vehicle on the hook (optional)' })).toBeVisible()
  await dialog.getByLabel('Note').fill('Front of the house, keys not found')
  await shoot(page, 'on-hook-dialog-390-light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await shoot(page, 'on-hook-dialog-390-dark')
  await page.emulateMedia({ colorScheme: 'light' })
  // A double tap records one On-Hook.
  await dialog.getByRole('button', { name: 'Record On-Hook' }).dblclick()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('On-Hook recorded')).toBeVisible()
  await expect(pageHeader(page).getByText('Repossessed', { exact: true })).toBeVisible()
  const acts = fieldRecord(page).getByTestId('recovery-act')
  await expect(acts).toHaveCount(1)
  await expect(acts.first()).toContainText('On-Hook')
  await expect(acts.first()).toContainText('by Rory Hook')
  await expect(acts.first()).toContainText('±12 m')
  await expect(acts.first()).toContainText('12 Dauphin St')
  await expect(acts.first().getByRole('img', { name: 'The vehicle at the On-Hook' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'On-Hook', exact: true })).toHaveCount(0)

  // An Agent Update carries the phone's position when asked (issue 44 item 7).
  await page.getByLabel('Note', { exact: true }).fill('On the truck, heading to the lot.')
  await page.getByLabel('Add my location').check()
  await page.getByRole('button', { name: 'Add Note' }).click()
  await expect(page.getByTestId('update-evidence').first()).toContainText('GPS ±12 m')
  await page.context().close()
})

test('a hold placed while the agent has the order open reaches their screen at once and stops the On-Hook', async ({
  browser,
}) => {
  const agent = await agentOnPhone(browser)
  await openAssigned(agent, HOLDS_ORDERS.hold.case_number)
  await expect(agent.getByRole('button', { name: 'On-Hook', exact: true })).toBeVisible()
  const orderPath = new URL(agent.url()).pathname

  const managerContext = await browser.newContext()
  const manager = await managerContext.newPage()
  await signInAndLand(manager, holdsEmail('manager'), E2E_ROLE_PASSWORD)
  await manager.goto(orderPath)
  await manager.getByRole('button', { name: 'On-Hook', exact: true }).click()
  await expect(manager.getByText(/Your location/)).toBeVisible()
  await shoot(manager, 'on-hook-dialog-desk-light')
  await manager.emulateMedia({ colorScheme: 'dark' })
  await shoot(manager, 'on-hook-dialog-desk-dark')
  await manager.emulateMedia({ colorScheme: 'light' })
  await manager.getByRole('button', { name: 'Close' }).click()
  await manager.getByRole('button', { name: 'Edit' }).click()
  await manager.getByLabel('Status', { exact: true }).selectOption('On Hold')
  await manager.getByLabel('Hold reason').fill(HOLD_REASON)
  await manager.getByRole('button', { name: 'Save' }).click()
  await expect(manager.getByText('Order updated successfully')).toBeVisible()
  await expect(manager.getByTestId('stop-banner')).toContainText(HOLD_REASON)

  // The agent's open screen, not reloaded: the notice, the banner with the reason, no On-Hook.
  const notice = agent.getByTestId('hold-notice')
  await expect(notice).toContainText(`HOLD: do not recover order`)
  await expect(notice).toContainText(HOLD_REASON)
  const banner = agent.getByRole('alert').filter({ hasText: 'Field work stopped' })
  await expect(banner).toContainText('On Hold')
  await expect(banner).toContainText(HOLD_REASON)
  await expect(banner).toContainText('Hana Manager')
  await expect(agent.getByRole('button', { name: 'On-Hook', exact: true })).toHaveCount(0)
  await expect(fieldRecord(agent).getByTestId('case-hold').first()).toContainText(HOLD_REASON)
  await shoot(agent, 'hold-banner-390-light')
  await agent.emulateMedia({ colorScheme: 'dark' })
  await shoot(agent, 'hold-banner-390-dark')

  // The server refuses an On-Hook all the same, with the stop's story.
  const refused = await agent.request.post(
    `${E2E_BASE_URL}/api/recovery/cases/orders${orderPath.replace('/order', '')}/on-hook`,
    {
      data: {},
      headers: { 'Idempotency-Key': crypto.randomUUID(), Origin: E2E_BASE_URL },
    },
  )
  expect(refused.status()).toBe(409)
  expect((await refused.json()).error.message).toContain('do not recover')

  // 'Got it' puts the notice away (read).
  await notice.getByRole('button', { name: 'Got it' }).click()
  await expect(notice).toHaveCount(0)

  await manager.setViewportSize({ width: 1280, height: 900 })
  await shoot(manager, 'hold-banner-desk-light')
  await manager.emulateMedia({ colorScheme: 'dark' })
  await shoot(manager, 'hold-banner-desk-dark')
  await agent.context().close()
  await managerContext.close()
})
