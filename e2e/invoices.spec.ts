import { expect, type Page, test } from '@playwright/test'
import { expectNothingSideways, seriousViolations } from './fixtures/page-checks'
import { saveFirstRateCardVersion } from './fixtures/rate-card'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_INVOICE_CLIENT, E2E_INVOICE_ORDER, E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

// Issue 17's 'Done means': a manager sets a rate card, marks a case repossessed, sees the draft,
// sends it, posts a partial payment and sees the aging.

test.describe.configure({ mode: 'serial' })

async function setRateCard(page: Page) {
  await page.goto('/dashboard/fees')
  await page.getByRole('button', { name: 'New rate card' }).click()
  await page.getByLabel('Client').selectOption({ label: E2E_INVOICE_CLIENT.name })
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByRole('heading', { name: E2E_INVOICE_CLIENT.name })).toBeVisible()
  await saveFirstRateCardVersion(page)
}

async function markRepossessed(page: Page) {
  await page.getByPlaceholder('Search orders, agents, cases...').fill(E2E_INVOICE_ORDER.borrower_name)
  await page.getByRole('option', { name: new RegExp(`Order.*${E2E_INVOICE_ORDER.case_number}`) }).click()
  const invoices = page.getByTestId('case-invoices-card')
  await expect(invoices).toContainText('No invoice yet: one is drafted when the case is repossessed.')
  await page.getByRole('button', { name: 'Edit' }).click()
  await page.getByLabel('Status', { exact: true }).selectOption('Repossessed')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Order updated successfully')).toBeVisible()
  await expect(invoices.getByTestId('case-invoice')).toContainText('Draft')
  await expect(invoices).toContainText('Billed $350.00')
}

test('a manager walks a recovery to a paid-in-part invoice and sees it in the aging', async ({ page }, testInfo) => {
  // The whole path, rate card to aging, in one test: 25 s on a quiet machine, so room for a busy one.
  test.slow()
  await signInAndLand(page, roleEmail('manager'), E2E_ROLE_PASSWORD)
  await setRateCard(page)
  await markRepossessed(page)

  // The draft, from the case's Invoices card.
  await page.getByTestId('case-invoice').getByRole('link').click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invoice Management')
  const panel = page.getByTestId('invoice-panel')
  await expect(panel.getByRole('heading', { name: /^Invoice INV-\d{6}$/ })).toBeVisible()
  const number = ((await panel.getByRole('heading', { name: /^Invoice INV-/ }).textContent()) ?? '').replace(
    'Invoice ',
    '',
  )
  await expect(panel).toContainText('Draft')
  await expect(panel).toContainText(E2E_INVOICE_ORDER.vin)
  await expect(panel.getByTestId('invoice-line')).toHaveText([/Involuntary Repossession.*\$350\.00/])
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('invoice-draft.png'), fullPage: true })

  // The PDF, made on the server.
  const pdf = await page.request.get(await panel.getByRole('link', { name: 'PDF' }).getAttribute('href').then(String))
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')

  // A fee by hand: Waiting, with its evidence; sent to the lender, approved, on the draft.
  await panel.getByRole('button', { name: 'Request a fee' }).click()
  const feeDialog = page.getByRole('dialog')
  await feeDialog.getByRole('button', { name: 'Add fee request' }).click()
  await expect(feeDialog.getByText('Choose a fee type.')).toBeVisible()
  await feeDialog.getByLabel('Fee', { exact: true }).selectOption({ label: 'Keys' })
  await feeDialog.getByLabel('Amount ($)').fill('75.00')
  await feeDialog.getByLabel('Note (optional)').fill('Key cut on site')
  await feeDialog.getByRole('button', { name: 'Add fee request' }).click()
  const request = panel.getByTestId('fee-request').filter({ hasText: 'Keys' })
  await expect(request).toContainText('Waiting')
  await expect(request).toContainText('Why: Added by hand: a fee the lender approves first')
  await request.getByLabel('Add evidence').setInputFiles({
    name: 'key-receipt.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 receipt'),
  })
  await expect(request.getByRole('button', { name: '1 file' })).toBeVisible()
  await request.getByRole('button', { name: 'Send to lender' }).click()
  await expect(request).toContainText('Requested')
  await request.getByRole('button', { name: 'Approve' }).click()
  await expect(request).toContainText('Approved')
  await expect(panel.getByTestId('invoice-line')).toHaveText([/Involuntary Repossession.*\$350\.00/, /Keys.*\$75\.00/])

  // A keyboard chooses the invoice from the list and lands on it, past the rest of the queue.
  await page.getByLabel('Search invoices by number or case').fill(number)
  const listed = page.getByTestId('invoice-row').filter({ hasText: number })
  await listed.focus()
  await page.keyboard.press('Enter')
  const title = panel.getByRole('heading', { name: `Invoice ${number}` })
  await expect(title).toBeFocused()
  // From the search box, a skip link goes past the list to the open invoice.
  await page.getByLabel('Search invoices by number or case').focus()
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByRole('button', { name: 'Skip to the open invoice' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(title).toBeFocused()
  // The lender's account number, entered on the draft (issue 41).
  await panel.getByLabel('Account / loan number').fill('LN-0042-7781')
  await panel.getByTestId('invoice-references').getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Account and reference saved')).toBeVisible()

  await panel.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText(`Invoice ${number} is Sent`)).toBeVisible()
  await expect(panel.locator('header').getByText('Sent', { exact: true })).toBeVisible()
  // The list follows the invoice to the queue it moved to, its search kept.
  await expect(page.getByRole('button', { name: /^Awaiting lender/ })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('invoice-row').filter({ hasText: number })).toHaveAttribute('aria-current', 'true')
  await expect(page.getByText('No invoice matches that search.')).toHaveCount(0)
  // Dates as people read them ('Nov 26, 2026'), never ISO; the account number fixed once sent.
  await expect(panel).toContainText(/Invoice date[A-Z][a-z]{2} \d{2}, \d{4}/)
  await expect(panel).toContainText(/Due date[A-Z][a-z]{2} \d{2}, \d{4}/)
  await expect(panel.getByTestId('invoice-references')).toContainText('LN-0042-7781')
  await expect(panel).not.toContainText(/\d{4}-\d{2}-\d{2}/)

  // A payment above the balance is refused beside its field; a partial one is posted.
  await panel.getByRole('button', { name: 'Post payment' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Amount', { exact: true }).fill('500.00')
  await dialog.getByRole('button', { name: 'Post payment' }).click()
  await expect(dialog.getByText('Above the balance of $425.00.')).toBeVisible()
  await dialog.getByLabel('Amount', { exact: true }).fill('100.00')
  await dialog.getByLabel('Reference (check or ACH number, optional)').fill('CHK 5521')
  await dialog.getByRole('button', { name: 'Post payment' }).click()
  await expect(page.getByText('Payment posted')).toBeVisible()
  await expect(panel.getByTestId('invoice-balance')).toHaveText('$325.00')
  await expect(panel.getByTestId('invoice-payments')).toContainText('CHK 5521')
  await page.screenshot({ path: testInfo.outputPath('invoice-paid-in-part.png'), fullPage: true })

  // The aging: what the client still owes, 0-30 days; its statement.
  await page.getByRole('button', { name: 'Aging' }).click()
  const row = page.getByTestId('aging-table').getByRole('row', { name: new RegExp(E2E_INVOICE_CLIENT.name) })
  await expect(row.getByRole('cell')).toHaveText([
    E2E_INVOICE_CLIENT.name,
    '$325.00',
    '$0.00',
    '$0.00',
    '$0.00',
    '$325.00',
    /Statement/,
  ])
  await row.getByRole('button', { name: /Statement/ }).click()
  await expect(page.getByRole('dialog')).toContainText(number)
  await expect(page.getByRole('dialog')).toContainText('Total owed$325.00')
  // One page of open invoices (50 a page): nothing more to show.
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Show more invoices' })).toHaveCount(0)
  await expect(page.getByRole('dialog')).toContainText(/as of [A-Z][a-z]{2} \d{2}, \d{4}/)
  await expect(page.getByRole('dialog')).not.toContainText(/\d{4}-\d{2}-\d{2}/)
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('invoice-aging.png'), fullPage: true })

  // Back from the Aging returns to the queue it was opened from, still in the product.
  await page.keyboard.press('Escape')
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invoice Management')
  await expect(page.getByRole('button', { name: /^Awaiting lender/ })).toHaveAttribute('aria-current', 'page')
  await expect(panel.getByRole('heading', { name: `Invoice ${number}` })).toBeVisible()

  // Everything that happened is on the case's timeline.
  await page.getByRole('button', { name: /^Awaiting lender/ }).click()
  await page.getByTestId('invoice-row').filter({ hasText: number }).click()
  await panel.getByRole('link', { name: E2E_INVOICE_ORDER.order_number }).click()
  await expect(page.getByText(`Payment posted: $100.00 on ${number}`)).toBeVisible()
  await expect(page.getByText(`Invoice changed from ${number} Draft to ${number} Sent`)).toBeVisible()
  await expect(page.getByText(`Invoice: ${number} Draft`)).toBeVisible()
})

test('Invoice Management fits a 390 px phone, light and dark', async ({ browser }, testInfo) => {
  for (const theme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    await context.addInitScript((value) => window.localStorage.setItem('recovery-desk-theme', value), theme)
    const page = await context.newPage()
    await signInAndLand(page, roleEmail('manager'), E2E_ROLE_PASSWORD)
    await page.goto('/dashboard/invoice-management?tab=awaiting')
    await page.getByTestId('invoice-row').first().click()
    await expect(page.getByTestId('invoice-panel')).toBeVisible()
    await expect(page.getByText('Loading...')).toHaveCount(0)
    await expectNothingSideways(page)
    expect(await seriousViolations(page), theme).toEqual([])
    await page.screenshot({ path: testInfo.outputPath(`invoices-${theme}-390.png`), fullPage: true })
    await context.close()
  }
})
