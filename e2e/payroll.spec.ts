import { expect, type Page, test } from '@playwright/test'
import { openOrderFromSearch } from './fixtures/detail-page'
import { expectNothingSideways, seriousViolations } from './fixtures/page-checks'
import { screenshotsIn } from './fixtures/screenshots'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_ROLE_PASSWORD, PAYROLL_ORDER, payrollEmail } from './seed-data'

// Issue 18 end to end, in the payroll agency (e2e/seed-payroll.ts): Morgan (manager) sets a pay
// rule, records Riley's recovery of PAY-E2E-1 on the order detail, approves and locks the period;
// Riley sees the line, and why, in My Pay.

const shoot = screenshotsIn('payroll')

async function openPayroll(page: Page, tab?: string) {
  await signInAndLand(page, payrollEmail('manager'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/payroll')
  await expect(page.getByRole('heading', { name: 'Payroll & Accounting', level: 1 })).toBeVisible()
  if (tab) await page.getByRole('tab', { name: tab }).click()
}

test.describe.configure({ mode: 'serial' })

test('a manager sets a recovery rule; an overlapping one is refused with the reason', async ({ page }) => {
  await openPayroll(page, 'Pay Rules')
  for (const attempt of ['first', 'overlap']) {
    await page.getByRole('button', { name: 'New rule' }).click()
    const dialog = page.getByRole('dialog', { name: 'New pay rule' })
    await expect(dialog.getByLabel('Pays for')).toHaveValue('recovery')
    await dialog.getByLabel('Role').selectOption({ label: 'Recovery Agent' })
    await dialog.getByLabel('Rate ($)').fill('175')
    await dialog.getByLabel('First day in force').fill('2026-01-01')
    await dialog.getByRole('button', { name: 'Save rule' }).click()
    if (attempt === 'first') {
      await expect(dialog).toBeHidden()
    } else {
      await expect(dialog.getByRole('alert')).toContainText(
        'Another rule for the same role and event is in effect from Jan 01, 2026',
      )
      await shoot(page, 'rule-overlap')
      await dialog.getByRole('button', { name: 'Cancel' }).click()
    }
  }
  const rules = page.getByRole('table').filter({ hasText: 'Recovery' })
  await expect(rules).toContainText('$175.00')
  await expect(rules).toContainText('Recovery Agent')
  await shoot(page, 'rules')
  expect(await seriousViolations(page)).toEqual([])
})

test('a recovery recorded on the order detail is paid and approved; the week locks only once over', async ({
  page,
}) => {
  // The order edited, the period read, two audits and an approval: more than the default on a busy machine.
  test.setTimeout(60_000)
  await signInAndLand(page, payrollEmail('manager'), E2E_ROLE_PASSWORD)
  await openOrderFromSearch(page, PAYROLL_ORDER, PAYROLL_ORDER)
  await page.getByRole('button', { name: 'Edit' }).click()
  await page.getByLabel('Status', { exact: true }).selectOption('Repossessed')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Order updated successfully')).toBeVisible()

  await page.goto('/dashboard/payroll')
  await expect(page.getByText('In review', { exact: true }).first()).toBeVisible()
  const people = page.getByRole('table', { name: /^Pay by person for/ })
  const riley = people.getByRole('row').filter({ hasText: 'Riley Payton' })
  await expect(riley).toContainText('$175.00')
  await riley.getByRole('button', { name: /Riley Payton/ }).click()
  const lines = page.getByRole('list', { name: 'Pay lines of Riley Payton' })
  await expect(lines).toContainText('Recovery: flat $175.00 (role rule)')
  await expect(lines.getByRole('link', { name: PAYROLL_ORDER })).toBeVisible()
  // Casey's find earns nothing: the row says why, the lines keep the reason.
  const casey = people.getByRole('row').filter({ hasText: 'Casey Payton' })
  await expect(casey.getByTestId('no-rule-hint')).toHaveText('No pay rule applies · See pay rules')
  await expect(casey.getByRole('link', { name: 'See pay rules' })).toHaveAttribute(
    'href',
    '/dashboard/payroll?tab=rules',
  )
  await casey.getByRole('button', { name: /Casey Payton/ }).click()
  await expect(page.getByRole('list', { name: 'Pay lines of Casey Payton' })).toContainText(
    'No pay rule for camera find',
  )
  await expect(page.getByTestId('period-days-left')).toContainText('this period')
  await shoot(page, 'period-review')
  expect(await seriousViolations(page)).toEqual([])

  // The week is not over: approving asks once more with the days left, and locking waits for its end.
  await page.getByRole('button', { name: 'Approve period' }).click()
  const approve = page.getByRole('dialog', { name: /^Approve pay period/ })
  await expect(approve).toContainText('this period')
  await approve.getByRole('button', { name: 'Approve now' }).click()
  await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Lock period' })).toBeDisabled()
  await expect(page.getByText(/^This period ends [A-Z][a-z]{2} \d{2}, \d{4}; it can be locked from /)).toBeVisible()
  await expect(riley).toContainText('$175.00')
  await shoot(page, 'period-approved-early')
})

test('accounting shows what the recovery cost, by client and market, and the last 12 periods', async ({ page }) => {
  await openPayroll(page, 'Accounting')
  const byClient = page.getByRole('table', { name: /^Accounting by client and market/ })
  const lender = byClient.getByRole('row').filter({ hasText: 'Payroll Lender' })
  await expect(lender).toContainText('Mobile')
  await expect(lender).toContainText('$175.00')
  await expect(lender).toContainText('-$175.00')
  await expect(page.getByRole('heading', { name: 'Last 12 periods' })).toBeVisible()
  await shoot(page, 'accounting')
  expect(await seriousViolations(page)).toEqual([])
  if (process.env.SCREENSHOTS) {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('tab', { name: 'Payroll' }).click()
    await shoot(page, 'period-phone-dark')
    await page.getByRole('tab', { name: 'Pay Rules' }).click()
    await shoot(page, 'rules-phone-dark')
  }
})

test('accounting says when pay to people is still being computed, then fills it in by itself (issue 42)', async ({
  page,
}) => {
  // The server computes busy periods in the background: its first answer here says pay is not there yet.
  let stillComputing = true
  await page.route('**/api/payroll/accounting*', async (route) => {
    const response = await route.fetch()
    const view = await response.json()
    if (stillComputing) {
      view.payComputing = true
      view.chart = view.chart.map((period: object) => ({ ...period, payComputing: true }))
    }
    await route.fulfill({ response, json: view })
  })
  await openPayroll(page, 'Accounting')
  const computing = page.getByText(/^Pay to people is being computed for some of these periods/)
  const lender = page
    .getByRole('table', { name: /^Accounting by client and market/ })
    .getByRole('row')
    .filter({ hasText: 'Payroll Lender' })
  await expect(computing).toBeVisible()
  // Paid and margin are not shown as figures until they are known (a row that is only pay may not be there yet).
  await expect(page.getByText('Being computed').first()).toBeAttached()
  await shoot(page, 'accounting-computing')
  if (process.env.SCREENSHOTS) {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.setViewportSize({ width: 390, height: 844 })
    await expectNothingSideways(page)
    await shoot(page, 'accounting-computing-phone-dark')
  }
  stillComputing = false
  await expect(computing).toBeHidden()
  await expect(lender).toContainText('-$175.00')
})

test('last week is approved, locked and marked paid with the pay date and reference', async ({ page }) => {
  test.setTimeout(60_000)
  await openPayroll(page)
  await page.getByLabel('Pay period').selectOption({ index: 1 })
  await expect(page.getByText('In review', { exact: true }).first()).toBeVisible()
  const riley = page
    .getByRole('table', { name: /^Pay by person for/ })
    .getByRole('row')
    .filter({ hasText: 'Riley Payton' })
  await expect(riley).toContainText('$175.00')
  await expect(page.getByTestId('period-days-left')).toHaveCount(0)
  await page.getByRole('button', { name: 'Approve period' }).click()
  await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible()
  await page.getByRole('button', { name: 'Lock period' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Lock this period' }).click()
  await expect(page.getByText('Locked', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Approve period' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Add adjustment' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Mark paid' }).click()
  const dialog = page.getByRole('dialog', { name: /^Mark pay period .* paid$/ })
  await dialog.getByRole('button', { name: 'Mark paid' }).click()
  await expect(dialog.getByText('Give the payment reference (a check number, ACH batch or payroll run).')).toBeVisible()
  // A day before the period ends passes the form (it has no such check) and is refused by the server:
  // the reason stands beside Pay date, which is marked and takes the focus.
  const payDate = dialog.getByLabel('Pay date')
  await payDate.fill('2020-01-06')
  await dialog.getByLabel('Payment reference').fill('ACH-1001')
  await dialog.getByRole('button', { name: 'Mark paid' }).click()
  await expect(payDate).toHaveAttribute('aria-invalid', 'true')
  const reasonId = await payDate.getAttribute('aria-describedby')
  await expect(dialog.locator(`[id="${reasonId}"]`)).toHaveText(/^The pay date cannot be before the period ends \(/)
  await expect(payDate).toBeFocused()
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  // Paid on the period's last day, the first the form allows (the browser's today may run ahead of Alabama's).
  await payDate.fill((await payDate.getAttribute('min')) ?? '')
  await dialog.getByRole('button', { name: 'Mark paid' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible()
  await expect(
    page.getByText(/^Paid on [A-Z][a-z]{2} \d{2}, \d{4} \(reference ACH-1001\), marked by Morgan Payton/),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Mark paid' })).toHaveCount(0)
  await shoot(page, 'period-paid')
  expect(await seriousViolations(page)).toEqual([])
})

test('the agent sees Approved and Paid in My Pay, the line and why; no one else’s pay is theirs to see', async ({
  page,
}) => {
  await signInAndLand(page, payrollEmail('agent'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/recovery-agent')
  const myPay = page.getByTestId('my-pay')
  await expect(myPay.getByRole('heading', { name: 'My Pay' })).toBeVisible()
  const rows = myPay.getByRole('table', { name: 'My pay by period, newest first' }).getByRole('row')
  // This week: approved, not yet paid. Last week: locked and marked paid.
  await expect(rows.nth(1).getByRole('cell').nth(0)).toHaveText('Approved')
  await expect(rows.nth(1)).toContainText('$175.00')
  await expect(rows.nth(1).getByRole('cell').last()).toContainText('not yet')
  await expect(rows.nth(2).getByRole('cell').nth(0)).toHaveText('Paid')
  await expect(rows.nth(2).getByRole('cell').last()).toContainText('$175.00')
  await expect(rows.nth(3).getByRole('cell').nth(0)).toHaveText('In review')
  const lines = myPay.getByTestId('my-pay-lines')
  await expect(lines).toContainText('Recovery: flat $175.00 (role rule)')
  await expect(lines.getByRole('link', { name: PAYROLL_ORDER })).toBeVisible()
  await shoot(page, 'my-pay')
  expect(await seriousViolations(page)).toEqual([])

  const refused = await page.request.get('/api/payroll/overview')
  expect(refused.status()).toBe(403)
  await page.goto('/dashboard/payroll')
  await expect(page.getByText('Access Denied')).toBeVisible()
})

test('the camera car driver sees no $0.00 lines in My Pay, only how many events earned nothing', async ({ page }) => {
  await signInAndLand(page, payrollEmail('camera_driver'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/camera-driver')
  const myPay = page.getByTestId('my-pay')
  await expect(myPay.getByTestId('my-pay-unpaid')).toHaveText(
    '1 event this period earned no pay. Your manager can tell you why.',
  )
  await expect(myPay).toContainText('No pay yet this period.')
  await expect(myPay).not.toContainText('No pay rule')
})

test('My Pay fits a 390 px phone on the recovery agent and camera car driver dashboards', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  for (const [who, path] of [
    ['agent', '/dashboard/recovery-agent'],
    ['camera_driver', '/dashboard/camera-driver'],
  ] as const) {
    await signInAndLand(page, payrollEmail(who), E2E_ROLE_PASSWORD)
    await page.goto(path)
    const myPay = page.getByTestId('my-pay')
    await expect(myPay.getByRole('table', { name: 'My pay by period, newest first' })).toBeVisible()
    await expectNothingSideways(page)
    await shoot(page, `my-pay-phone-${who}`)
    await page.context().clearCookies()
  }
})
