import { type Browser, expect, type Page, test } from '@playwright/test'
import { storageCharge } from '../src/domain/billing/pricing'
import { inputOfMoment } from '../src/domain/cases/repossession'
import { formatWallClock } from '../src/domain/formats/dates'
import { pdfText } from '../src/server/test/pdf-text'
import { openOrderFromSearch } from './fixtures/detail-page'
import { newSignedInPage } from './fixtures/sign-in'
import { CONDITION_REPORT_SLOTS, drawSignature, pngPhoto } from './fixtures/uploads'
import { WORKING_DAY, WORKING_DAY_PEOPLE, type WorkingDayPerson, workingDayEmail } from './seed-working-day'

// Issue 41's 'Done means': the working day, one spec, in the Working Day Agency
// (e2e/seed-working-day.ts). Ada (admin) names the agency and imports three orders by paste; Max
// (manager) sets Bayou Lending's rate card and a recovery pay rule and assigns WD-E2E-1 to Rex; Rex
// adds an update; Cam finds the car; Max moves it to Repossessed at a moment a week ago (so the
// recovery falls in last week's pay period, which has ended and can be locked); Lou takes the
// condition report; Pia inventories the property, has the release signed through its public link
// and hands the car over once the debtor has paid (Bayou Lending's rule); Max sends the invoice,
// posts the lender's partial payment, reads the aging and the PDF, and approves, locks and marks
// last week's pay period paid; Rex sees it Paid in My Pay.

test.describe.configure({ mode: 'serial' })

const ORDER = 'WD-E2E-1'
const AGENCY_NAME = 'Working Day Recovery LLC'
const RECOVERY_FEE = 35_000
const STORAGE = { freeDays: 1, dailyCents: 2_500, capCents: null }
const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

// The repossession moment: a week ago to the minute (so last week's pay period in any time zone),
// entered and read on the agency's clock (src/domain/formats/agency-time.ts), as every screen shows it.
const moment = new Date(Math.floor((Date.now() - 7 * 86_400_000) / 60_000) * 60_000)
const momentText = formatWallClock(moment)
// Storage counts each started day from the moment: the hand-over stops it within minutes of now.
const storageCents = () => storageCharge(STORAGE, moment, new Date()).amountCents

const IMPORT_HEADER = [
  'Case Number',
  'Client Name',
  'Lienholder Name',
  'Last Name, First Name',
  'VIN',
  'Make',
  'Model',
  'Year',
  'Order Date',
  'Status',
  'Address',
  'City',
  'State',
  'Home Zip',
].join('\t')
const IMPORTED = [
  [ORDER, 'Reyes, Jordan', '1HGCM82633A004352', 'Honda', 'Accord', '2019'],
  ['WD-E2E-2', 'Okafor, Nia', '2T1BURHE0JC043821', 'Toyota', 'Corolla', '2018'],
  ['WD-E2E-3', 'Lindqvist, Sven', '1FMCU0GD5JUA12345', 'Ford', 'Escape', '2020'],
]
const pasteText = () =>
  [
    IMPORT_HEADER,
    ...IMPORTED.map(([number, name, vin, make, model, year]) =>
      [
        number,
        WORKING_DAY.client.name,
        WORKING_DAY.client.lienholder_name,
        name,
        vin,
        make,
        model,
        year,
        '3/4/25',
        'Open',
        '410 Dauphin St',
        'Mobile',
        'AL',
        WORKING_DAY.zip,
      ].join('\t'),
    ),
  ].join('\n')

const signedInAs = (browser: Browser, who: WorkingDayPerson) =>
  newSignedInPage(browser, workingDayEmail(who), { viewport: { width: 1366, height: 900 } })

/** A small PNG of its own colour: the same bytes twice would be one stored file. */
const photo = (index: number) => pngPhoto(`wd-${index}.png`, { r: 25 * index, g: 180 - 15 * index, b: 110 })

/** My Pay's row of the period that holds the agent's recovery (its pay is the rule's $175.00). */
function myPayRow(page: Page) {
  return page
    .getByTestId('my-pay')
    .getByRole('table', { name: 'My pay by period, newest first' })
    .getByRole('row')
    .filter({ hasText: '$175.00' })
}

test.describe('a working day, from the import to My Pay', () => {
  test.setTimeout(180_000)

  test('the admin names the agency on its invoices and imports three orders by paste', async ({ browser }) => {
    const page = await signedInAs(browser, 'admin')
    await page.goto('/dashboard/users')
    const settings = page.locator('form').filter({ has: page.getByLabel('Remit to') })
    await settings.getByLabel('Agency name').fill(AGENCY_NAME)
    await settings.getByLabel('Address').fill('1200 Dauphin St\nMobile, AL 36604')
    await settings.getByLabel('Phone').fill('(251) 555-0142')
    await settings.getByLabel('Remit to').fill('PO Box 9100\nMobile, AL 36691')
    await settings.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByText('Company settings saved')).toBeVisible()

    await page.goto('/dashboard/import')
    await page.getByPlaceholder('Paste your CSV data here (including headers)...').fill(pasteText())
    await page.getByRole('button', { name: 'Import Data' }).click()
    await expect(page.getByText('Import Completed')).toBeVisible({ timeout: 60_000 })
    await expect(page.getByText('3 orders imported', { exact: true })).toBeVisible()
    await page.context().close()
  })

  test('the manager sets the client’s rate card with storage, a recovery pay rule, and assigns the agent', async ({
    browser,
  }) => {
    const page = await signedInAs(browser, 'manager')
    await page.goto('/dashboard/fees')
    await page.getByRole('button', { name: 'New rate card' }).click()
    await page.getByLabel('Client').selectOption({ label: WORKING_DAY.client.name })
    await page.getByRole('button', { name: 'Create' }).click()
    await expect(page.getByRole('heading', { name: WORKING_DAY.client.name })).toBeVisible()
    await page.getByRole('button', { name: 'New version' }).click()
    await page.getByLabel('First day in force').fill('2025-01-01')
    await page.getByLabel('Free days').fill(String(STORAGE.freeDays))
    await page.getByLabel('Daily rate ($)').fill('25.00')
    const rate = page.getByTestId('rate-row').nth(0)
    await rate.getByLabel('Fee').selectOption({ label: 'Involuntary Repossession' })
    await rate.getByLabel('Amount ($)').fill('350.00')
    await page.getByRole('button', { name: 'Save version' }).click()
    const version = page.getByTestId('rate-card-version')
    await expect(version).toContainText('Version 1')
    await expect(version).toContainText('Storage: $25.00 a day after 1 free day.')

    await page.goto('/dashboard/payroll')
    await page.getByRole('tab', { name: 'Pay Rules' }).click()
    await page.getByRole('button', { name: 'New rule' }).click()
    const rule = page.getByRole('dialog', { name: 'New pay rule' })
    await expect(rule.getByLabel('Pays for')).toHaveValue('recovery')
    await rule.getByLabel('Role').selectOption({ label: 'Recovery Agent' })
    await rule.getByLabel('Rate ($)').fill('175')
    await rule.getByLabel('First day in force').fill('2025-01-01')
    await rule.getByRole('button', { name: 'Save rule' }).click()
    await expect(rule).toBeHidden()
    await expect(page.getByRole('table').filter({ hasText: 'Recovery Agent' })).toContainText('$175.00')

    await openOrderFromSearch(page, ORDER, ORDER)
    await page.getByRole('button', { name: 'Edit' }).click()
    await page.getByLabel('Recovery Agent', { exact: true }).selectOption({ label: WORKING_DAY_PEOPLE.agent.name })
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Order updated successfully')).toBeVisible()
    await page.context().close()
  })

  test('the agent adds an update to the assignment; the camera car driver records the find', async ({ browser }) => {
    const agent = await signedInAs(browser, 'agent')
    await agent.getByTestId('assignments').getByRole('link', { name: ORDER }).click()
    await expect(agent.getByRole('heading', { name: ORDER, level: 1 })).toBeVisible()
    const notes = agent.getByRole('heading', { name: 'Notes & History' }).locator('xpath=../..')
    await notes.getByLabel('Type').selectOption('Agent Update')
    await notes.getByLabel('Note', { exact: true }).fill('Drove by the home address at noon: car not there.')
    await notes.getByRole('button', { name: 'Add Note' }).click()
    await expect(notes.getByLabel('Note', { exact: true })).toHaveValue('')
    await expect(notes.getByRole('list', { name: 'Notes and history, newest first' })).toContainText(
      'Drove by the home address at noon: car not there.',
    )
    await agent.context().close()

    const driver = await signedInAs(browser, 'driver')
    await driver.goto('/dashboard/camera-driver')
    await driver.getByRole('button', { name: `Record find: ${ORDER}` }).click()
    const dialog = driver.getByRole('dialog', { name: 'Record a find' })
    await dialog.getByLabel('Where').fill('Walmart lot, Airport Blvd')
    await dialog.getByRole('button', { name: 'Save find' }).click()
    await expect(driver.getByText('Find recorded')).toBeVisible()
    await expect(driver.getByTestId('my-finds')).toContainText(ORDER)
    await driver.context().close()
  })

  test('the manager moves the order to Repossessed at a moment last week; the order shows that moment', async ({
    browser,
  }) => {
    const page = await signedInAs(browser, 'manager')
    await openOrderFromSearch(page, ORDER, ORDER)
    await expect(page.getByText('Found By', { exact: true }).locator('..')).toContainText(
      WORKING_DAY_PEOPLE.driver.name,
    )
    await page.getByRole('button', { name: 'Edit' }).click()
    await page.getByLabel('Status', { exact: true }).selectOption('Repossessed')
    await page.getByLabel('Repossessed At (blank: now)').fill(inputOfMoment(moment))
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Order updated successfully')).toBeVisible()
    await expect(page.getByTestId('order-repossessed-at')).toHaveText(momentText)
    // The draft is priced from the moment: the recovery fee and a week of storage.
    await expect(page.getByTestId('case-invoices-card').getByTestId('case-invoice')).toContainText('Draft')
    await page.context().close()

    // Rex's recovery is last week's pay, in review.
    const agent = await signedInAs(browser, 'agent')
    await agent.goto('/dashboard/recovery-agent')
    await expect(myPayRow(agent).getByRole('cell').nth(0)).toHaveText('In review')
    await agent.context().close()
  })

  test('the lot manager takes the condition report with its photos and accepts it', async ({ browser }) => {
    const page = await signedInAs(browser, 'lot')
    await openOrderFromSearch(page, ORDER, ORDER)
    const card = page.getByTestId('condition-report-card')
    await card.scrollIntoViewIfNeeded()
    await card.getByRole('button', { name: 'Start condition report' }).click()
    await expect(card.getByRole('heading', { name: 'Version 1' })).toBeVisible()
    for (const [index, label] of CONDITION_REPORT_SLOTS.entries()) {
      await card.getByLabel(`Photo: ${label}`).setInputFiles(await photo(index + 1))
      await expect(card.getByRole('img', { name: label, exact: true })).toBeVisible()
    }
    await expect(card.getByRole('heading', { name: 'Photos (8 of 8)' })).toBeVisible()
    await card.getByLabel('Odometer (miles)').fill('61234')
    await card.getByRole('group', { name: 'Keys with the vehicle' }).getByLabel('No').check()
    await card.getByRole('group', { name: 'Drivable' }).getByLabel('Yes').check()
    await card.getByRole('button', { name: 'Save report' }).click()
    await expect(card.getByText('All changes saved')).toBeVisible()
    await card.getByRole('button', { name: 'Accept report' }).click()
    await expect(card.getByText('Accepted', { exact: true })).toBeVisible()
    await expect(card.getByText('61,234 miles')).toBeVisible()
    await page.context().close()
  })

  test('post recovery: property inventoried, the release signed by its link, paid, then handed over', async ({
    browser,
  }) => {
    const page = await signedInAs(browser, 'post')
    await openOrderFromSearch(page, ORDER, ORDER)
    const property = page.getByTestId('property-card')
    await property.scrollIntoViewIfNeeded()
    await property.getByLabel('Category').selectOption('Tools')
    await property.getByLabel('Description').fill('Socket set in a red case')
    await property.getByLabel('Container label').fill('1 of 1')
    await property.getByRole('button', { name: 'Save inventory' }).click()
    await expect(property.getByTestId('property-item')).toContainText('Socket set in a red case')

    const redemption = page.getByTestId('redemption-card')
    await redemption.scrollIntoViewIfNeeded()
    await redemption.getByLabel('Release kind').selectOption({ label: 'Authorized to Release' })
    await redemption.getByRole('button', { name: 'Authorize' }).click()
    await redemption.getByLabel('Name of the person signing').fill('Jordan Reyes')
    await redemption.getByRole('button', { name: 'Get the signature link' }).click()
    await expect(redemption.getByTestId('release-signature')).toHaveText('Waiting for signature')
    const link = await redemption.getByTestId('release-signature-link').inputValue()
    expect(link).toMatch(/\/signature\/[A-Za-z0-9_-]{43}$/)

    // The debtor signs on their own phone, signed out.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const signer = await context.newPage()
    await signer.goto(new URL(link).pathname)
    await expect(signer.getByLabel('Your full name')).toHaveValue('Jordan Reyes')
    await drawSignature(signer)
    await signer.getByRole('button', { name: 'Sign Document' }).click()
    await expect(signer.getByRole('heading', { name: 'Document Signed' })).toBeVisible()
    await context.close()

    await expect(redemption.getByTestId('release-signature')).toContainText('Signed by Jordan Reyes on', {
      timeout: 30_000,
    })
    // Bayou Lending's rule: nothing is handed over before the quote is paid.
    const quote = RECOVERY_FEE + storageCents()
    const payments = redemption.getByRole('region', { name: 'Payments' })
    await expect(payments).toContainText("This client's vehicles are handed over only once the quote is paid.")
    await expect(payments.getByTestId('payment-summary')).toContainText(`Quote${money(quote)}`)
    await redemption.getByLabel('ID type').selectOption("Driver's license")
    await redemption.getByLabel('Last 4 of ID').fill('4321')
    await redemption.getByRole('button', { name: 'Hand over' }).click()
    await expect(
      redemption.getByText(
        `This client requires the redemption quote paid before the hand-over: $0.00 collected of ${money(quote)}`,
      ),
    ).toBeVisible()

    await payments.getByLabel('Amount collected').fill((quote / 100).toFixed(2))
    await payments.getByLabel('Payment method').selectOption({ label: "Cashier's check" })
    await payments.getByLabel('Reference').fill('CK-WD-1')
    await payments.getByRole('button', { name: 'Record payment' }).click()
    const paid = payments.getByTestId('redemption-payment').filter({ hasText: 'CK-WD-1' })
    await expect(paid).toContainText(`${money(quote)} by Cashier's check (CK-WD-1)`)
    await expect(paid).toContainText(/^[A-Z][a-z]{2} \d{2}, \d{4}: /)
    await expect(paid.getByRole('link', { name: `Receipt for ${money(quote)}` })).toBeVisible()
    await expect(payments.getByTestId('payment-summary')).toContainText(`Collected${money(quote)}`)
    await expect(payments.getByTestId('payment-summary')).toContainText('Balance$0.00')

    await redemption.getByRole('button', { name: 'Hand over' }).click()
    await expect(redemption.getByTestId('release-done')).toContainText('Released to Jordan Reyes (ID ending 4321)')
    await page.context().close()
  })

  test('the manager sends the invoice, posts a partial payment, sees the aging and reads the PDF', async ({
    browser,
  }) => {
    const page = await signedInAs(browser, 'manager')
    await openOrderFromSearch(page, ORDER, ORDER)
    await expect(page.getByTestId('order-repossessed-at')).toHaveText(momentText)
    await page.getByTestId('case-invoice').getByRole('link').click()
    const panel = page.getByTestId('invoice-panel')
    await expect(panel.getByRole('heading', { name: /^Invoice INV-\d{6}$/ })).toBeVisible()
    const number = ((await panel.getByRole('heading', { name: /^Invoice INV-/ }).textContent()) ?? '').replace(
      'Invoice ',
      '',
    )
    // The same moment as on the order; storage from it, stopped at the hand-over.
    await expect(panel).toContainText(`Repossessed${momentText}`)
    const { billableDays, amountCents: storage } = storageCharge(STORAGE, moment, new Date())
    const total = RECOVERY_FEE + storage
    await expect(panel.getByTestId('invoice-line')).toHaveText([
      /Involuntary Repossession.*\$350\.00/,
      new RegExp(`^Storage\\s*${billableDays}\\s*\\$25\\.00\\s*\\$${money(storage).slice(1)}\\s*\\$0\\.00$`),
    ])
    // A week and a few minutes since the moment: 8 started days, 1 free.
    expect(billableDays).toBe(7)

    await panel.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByText(`Invoice ${number} is Sent`)).toBeVisible()
    // Sent today, due in Bayou Lending's 30 days.
    const dueOn = panel.getByText('Due date', { exact: true }).locator('xpath=following-sibling::*[1]')
    await expect(dueOn).toHaveText(/^[A-Z][a-z]{2} \d{2}, \d{4}$/)
    const sentOn = await panel
      .getByText('Invoice date', { exact: true })
      .locator('xpath=following-sibling::*[1]')
      .textContent()
    const due = (await dueOn.textContent()) ?? ''
    expect(Date.parse(due) - Date.parse(sentOn ?? '')).toBe(30 * 86_400_000)

    // The lender pays part.
    await panel.getByRole('button', { name: 'Post payment' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Amount', { exact: true }).fill('200.00')
    await dialog.getByLabel('Reference (check or ACH number, optional)').fill('ACH 7781')
    await dialog.getByRole('button', { name: 'Post payment' }).click()
    await expect(page.getByText('Payment posted')).toBeVisible()
    const balance = money(total - 20_000)
    await expect(panel.getByTestId('invoice-balance')).toHaveText(balance)
    await expect(panel.getByTestId('invoice-payments')).toContainText('ACH 7781')
    await expect(panel.getByTestId('invoice-payments')).toContainText('$200.00')

    // The PDF: the agency, the due date fixed by the client's 30 days, the debtor, the moment.
    const pdf = await page.request.get(await panel.getByRole('link', { name: 'PDF' }).getAttribute('href').then(String))
    expect(pdf.headers()['content-type']).toBe('application/pdf')
    const text = pdfText(new Uint8Array(await pdf.body()))
    expect(text).toContain(AGENCY_NAME)
    expect(text).toContain(`Invoice ${number}`)
    expect(text).toMatch(new RegExp(`Due date\\n${due}`))
    expect(text).toMatch(/Debtor\nJordan Reyes|Debtor\nReyes, Jordan/)
    expect(text).toMatch(new RegExp(`Repossessed\\n${momentText}`))
    expect(text).toContain(money(storage))
    expect(text).toMatch(new RegExp(`Balance due\\n${balance.replace(/[$.]/g, '\\$&')}`))

    // The aging: what Bayou Lending still owes, in its first bucket.
    await page.getByRole('button', { name: 'Aging' }).click()
    const row = page.getByTestId('aging-table').getByRole('row', { name: new RegExp(WORKING_DAY.client.name) })
    await expect(row.getByRole('cell')).toHaveText([
      WORKING_DAY.client.name,
      balance,
      '$0.00',
      '$0.00',
      '$0.00',
      balance,
      /Statement/,
    ])
    await page.context().close()
  })

  test('the manager approves, locks and marks last week’s period paid; the agent’s My Pay says Paid', async ({
    browser,
  }) => {
    const page = await signedInAs(browser, 'manager')
    await page.goto('/dashboard/payroll')
    await page.getByLabel('Pay period').selectOption({ index: 1 })
    await expect(page.getByText('In review', { exact: true }).first()).toBeVisible()
    const rex = page
      .getByRole('table', { name: /^Pay by person for/ })
      .getByRole('row')
      .filter({ hasText: WORKING_DAY_PEOPLE.agent.name })
    await expect(rex).toContainText('$175.00')
    await page.getByRole('button', { name: 'Approve period' }).click()
    await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible()
    await page.context().close()

    const agent = await signedInAs(browser, 'agent')
    await agent.goto('/dashboard/recovery-agent')
    await expect(myPayRow(agent).getByRole('cell').nth(0)).toHaveText('Approved')
    await agent.context().close()

    const manager = await signedInAs(browser, 'manager')
    await manager.goto('/dashboard/payroll')
    await manager.getByLabel('Pay period').selectOption({ index: 1 })
    await manager.getByRole('button', { name: 'Lock period' }).click()
    await manager.getByRole('dialog').getByRole('button', { name: 'Lock this period' }).click()
    await expect(manager.getByText('Locked', { exact: true }).first()).toBeVisible()
    await manager.context().close()

    const locked = await signedInAs(browser, 'agent')
    await locked.goto('/dashboard/recovery-agent')
    await expect(myPayRow(locked).getByRole('cell').nth(0)).toHaveText('Locked')
    await locked.context().close()

    const payer = await signedInAs(browser, 'manager')
    await payer.goto('/dashboard/payroll')
    await payer.getByLabel('Pay period').selectOption({ index: 1 })
    await payer.getByRole('button', { name: 'Mark paid' }).click()
    const paid = payer.getByRole('dialog', { name: /^Mark pay period .* paid$/ })
    const payDate = paid.getByLabel('Pay date')
    await payDate.fill((await payDate.getAttribute('min')) ?? '')
    await paid.getByLabel('Payment reference').fill('ACH-WD-1')
    await paid.getByRole('button', { name: 'Mark paid' }).click()
    await expect(paid).toBeHidden()
    await expect(
      payer.getByText(/^Paid on [A-Z][a-z]{2} \d{2}, \d{4} \(reference ACH-WD-1\), marked by Max Manager/),
    ).toBeVisible()
    await payer.context().close()

    const done = await signedInAs(browser, 'agent')
    await done.goto('/dashboard/recovery-agent')
    const row = myPayRow(done)
    await expect(row.getByRole('cell').nth(0)).toHaveText('Paid')
    await expect(row.getByRole('cell').last()).toContainText('$175.00')
    await done.context().close()
  })
})
