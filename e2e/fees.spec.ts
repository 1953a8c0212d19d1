import { expect, test } from '@playwright/test'
import ExcelJS from 'exceljs'
import { expectNothingSideways, seriousViolations } from './fixtures/page-checks'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_BASE_URL } from './ports'
import { E2E_CLIENT, E2E_FULL_ORDER, E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

test("a manager sets a client's rate card: a card, a version with rates, a refusal beside its field", async ({
  page,
}, testInfo) => {
  await signInAndLand(page, roleEmail('manager'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/fees')
  await expect(page.getByRole('heading', { name: 'Fee Schedules' })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Condition Report and Photos' })).toBeVisible()

  // A lienholder of its own, so a retried run makes a new card.
  const lienholder = `Lien ${testInfo.retry}-${Date.now()}`
  await page.getByRole('button', { name: 'New rate card' }).click()
  await page.getByLabel('Client').selectOption({ label: E2E_CLIENT.name })
  await page.getByLabel('Lienholder (optional)').fill(lienholder)
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByRole('heading', { name: `${E2E_CLIENT.name} for ${lienholder}` })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Rate cards' }).locator('[aria-current="true"]')).toContainText(
    lienholder,
  )
  await expect(page.getByText('No versions yet')).toBeVisible()
  expect(new URL(page.url()).searchParams.get('card')).toBeTruthy()

  await page.getByRole('button', { name: 'New version' }).click()
  await page.getByLabel('First day in force').fill('2026-01-01')
  await page.getByLabel('Free days').fill('2')
  await page.getByLabel('Daily rate ($)').fill('35.00')
  await page.getByLabel('Cap ($, optional)').fill('600')
  const rates = page.getByTestId('rate-row')
  await rates.nth(0).getByLabel('Fee').selectOption({ label: 'Involuntary Repossession' })
  await rates.nth(0).getByLabel('Amount ($)').fill('350.005')
  await page.getByRole('button', { name: 'Add a rate' }).click()
  await rates.nth(1).getByLabel('Fee').selectOption({ label: 'Dolly' })
  await rates.nth(1).getByLabel('Amount ($)').fill('75')
  await rates.nth(1).getByLabel('Needs approval first').check()
  await page.getByRole('button', { name: 'Save version' }).click()
  await expect(rates.nth(0).getByText('Enter an amount in dollars and cents, like 350.00.')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('fees-version-dialog.png'), fullPage: true })
  await rates.nth(0).getByLabel('Amount ($)').fill('350.00')
  await page.getByRole('button', { name: 'Save version' }).click()

  const version = page.getByTestId('rate-card-version')
  await expect(version).toHaveCount(1)
  await expect(version).toContainText('Version 1')
  await expect(version).toContainText('Jan 01, 2026 to open')
  await expect(version).toContainText('In force today')
  await expect(version).toContainText('Storage: $35.00 a day after 2 free days, at most $600.00.')
  await expect(version.getByRole('row', { name: /Involuntary Repossession/ })).toContainText('$350.00')
  await expect(version.getByRole('row', { name: /Dolly/ })).toContainText('Needs approval')
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('fees.png'), fullPage: true })

  // The next version from a sheet: a line it cannot read is named, then a good sheet fills the rates.
  await page.getByRole('button', { name: 'New version' }).click()
  await page.getByLabel('First day in force').fill('2026-07-01')
  const sheet = (text: string) => ({ name: 'rates.csv', mimeType: 'text/csv', buffer: Buffer.from(text) })
  await page.getByLabel('Rates sheet').setInputFiles(sheet('Fee,Basis,Amount\nKeys,Hourly,10'))
  await expect(page.getByRole('alert')).toContainText("Line 2: Unknown basis 'Hourly'")
  await expect(rates).toHaveCount(2)
  await page
    .getByLabel('Rates sheet')
    .setInputFiles(
      sheet(
        'Fee,Basis,Amount,Needs Approval,Market Amounts,Days To Invoice\nKeys Fee,Flat,95.00,No,Mobile=105.00,45\nDolly,Flat,80,Yes,,\nMileage,Per mile,2.75,No,,',
      ),
    )
  await expect(rates).toHaveCount(3)
  await expect(rates.nth(2).getByLabel('Amount ($)')).toHaveValue('2.75')
  await page.getByLabel('Free days').fill('1')
  await page.getByRole('button', { name: 'Save version' }).click()
  await expect(version).toHaveCount(2)
  await expect(version.first()).toContainText('Version 2')
  // One free day is a day, not 'days'.
  await expect(version.first()).toContainText(/a day after 1 free day[,.]/)
  await expect(version.first().getByRole('row', { name: /Keys/ })).toContainText('$95.00')
  await expect(version.first().getByRole('row', { name: /Keys/ })).toContainText('Mobile: $105.00')
  await expect(version.nth(1)).toContainText('Jan 01, 2026 to Jun 30, 2026')
  await expect(version.first().getByRole('row', { name: /Keys/ })).toContainText('Invoice within 45 days')
  // The next version starts from this one's rates, nothing of them dropped.
  await page.getByRole('button', { name: 'New version' }).click()
  // Rates come in fee order: Dolly, Keys, Mileage.
  await expect(rates.nth(1).getByLabel('Fee')).toHaveValue('KEYS')
  await expect(rates.nth(1).getByLabel('Days to invoice (optional)')).toHaveValue('45')
  await expect(rates.nth(1).getByLabel('Market amounts (optional)')).toHaveValue('Mobile=105.00')
  await page.getByLabel('Free days').fill('ten')
  await page.getByLabel('First day in force').fill('2027-01-01')
  await page.getByRole('button', { name: 'Save version' }).click()
  await expect(page.getByText('Free days must be a whole number.')).toBeVisible()
  // An Excel workbook reads the same way.
  const workbook = new ExcelJS.Workbook()
  workbook.addWorksheet('Rates').addRows([
    ['Fee', 'Basis', 'Amount'],
    ['Flatbed', 'Flat', 125],
  ])
  await page.getByLabel('Rates sheet').setInputFiles({
    name: 'rates.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  })
  await expect(rates).toHaveCount(1)
  await expect(rates.nth(0).getByLabel('Fee')).toHaveValue('FLATBED')
  await expect(rates.nth(0).getByLabel('Amount ($)')).toHaveValue('125.00')
})

test("the order's Price this case card: its client's card for its lienholder, version in force, lines and total", async ({
  page,
}) => {
  await signInAndLand(page, roleEmail('manager'), E2E_ROLE_PASSWORD)
  const headers = { origin: E2E_BASE_URL }
  const clients = await (await page.request.get('/api/clients')).json()
  const ally = clients.clients.find((client: { name: string }) => client.name === E2E_CLIENT.name)
  const card = await page.request.post('/api/fees/rate-cards', {
    headers,
    data: { clientId: ally.id, lienholderName: E2E_FULL_ORDER.lienholder_name },
  })
  expect(card.status()).toBe(201)
  const cardId = (await card.json()).rateCard.id
  const version = await page.request.post(`/api/fees/rate-cards/${cardId}/versions`, {
    headers,
    data: {
      effectiveFrom: '2025-01-01',
      storage: { freeDays: 2, dailyCents: 3_500, capCents: 60_000 },
      rows: [
        { feeType: 'Involuntary Repossession', basis: 'flat', amountCents: 35_000 },
        { feeType: 'Dolly', basis: 'flat', amountCents: 7_500, needsApproval: true },
        { feeType: 'Close Fee', basis: 'flat', amountCents: 5_000 },
      ],
    },
  })
  expect(version.status()).toBe(201)

  await page.getByPlaceholder('Search orders, agents, cases...').fill('Avery Castillo')
  await page.getByRole('option', { name: /Order.*CASE-5003/ }).click()
  const price = page.getByTestId('price-card')
  const lines = price.getByTestId('price-line')
  // Repossessed on 2025-03-04: the recovery fee, its two fee requests, storage long past its cap.
  await expect(lines).toHaveCount(4)
  const line = (fee: string) => lines.filter({ hasText: fee })
  await expect(line('Involuntary Repossession')).toContainText('$350.00')
  await expect(line('Dolly')).toContainText('Needs approval')
  await expect(line('Dolly')).toContainText('$75.00')
  await expect(line('Close Fee')).toContainText('$50.00')
  await expect(line('Storage')).toContainText('$600.00')
  await expect(price).toContainText('Total$1,075.00')
  await expect(price).toContainText('version 1, in force on Mar 04, 2025')
  expect(await seriousViolations(page)).toEqual([])
})

test('Fee Schedules fits a 390 px phone, light and dark, with its version form', async ({ browser }, testInfo) => {
  for (const theme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    await context.addInitScript((value) => window.localStorage.setItem('recovery-desk-theme', value), theme)
    const page = await context.newPage()
    await signInAndLand(page, roleEmail('manager'), E2E_ROLE_PASSWORD)
    await page.goto('/dashboard/fees')
    await expect(page.getByRole('heading', { name: 'Fee Schedules' })).toBeVisible()
    await expect(page.getByText('Loading...')).toHaveCount(0)
    await expectNothingSideways(page)
    expect(await seriousViolations(page), theme).toEqual([])
    await page.screenshot({ path: testInfo.outputPath(`fees-${theme}-390.png`), fullPage: true })
    await context.close()
  }
})
