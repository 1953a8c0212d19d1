import { expect, type Page, test } from '@playwright/test'
import { seriousViolations, signInAndLand } from './fixtures'
import { E2E_ROLE_PASSWORD, PAYROLL_ORDER, payrollEmail } from './seed-data'

// Issue 18 end to end, in the payroll agency (e2e/seed-payroll.ts): Morgan (manager) sets a pay
// rule, records Riley's recovery of PAY-E2E-1 on the order detail, approves and locks the period;
// Riley sees the line, and why, in My Pay.

async function shoot(page: Page, name: string) {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `test-results/payroll/${name}.png`, fullPage: true })
}

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

test('a recovery recorded on the order detail is paid, approved and locked', async ({ page }) => {
  await signInAndLand(page, payrollEmail('manager'), E2E_ROLE_PASSWORD)
  await page.getByPlaceholder('Search orders, agents, cases...').fill(PAYROLL_ORDER)
  await page.getByRole('option', { name: new RegExp(`Order.*${PAYROLL_ORDER}`) }).click()
  await expect(page.getByRole('heading', { name: PAYROLL_ORDER })).toBeVisible()
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
  await shoot(page, 'period-review')
  expect(await seriousViolations(page)).toEqual([])

  await page.getByRole('button', { name: 'Approve period' }).click()
  await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible()
  await page.getByRole('button', { name: 'Lock period' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Lock this period' }).click()
  await expect(page.getByText('Locked', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Approve period' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Add adjustment' })).toHaveCount(0)
  await expect(riley).toContainText('$175.00')
  await shoot(page, 'period-locked')

  // Accounting: what the recovery cost, by client and market, and the last 12 periods.
  await page.getByRole('tab', { name: 'Accounting' }).click()
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

test('the agent sees the line, and why, in My Pay; no one else’s pay is theirs to see', async ({ page }) => {
  await signInAndLand(page, payrollEmail('agent'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/recovery-agent')
  const myPay = page.getByTestId('my-pay')
  await expect(myPay.getByRole('heading', { name: 'My Pay' })).toBeVisible()
  const current = myPay.getByRole('table', { name: 'My pay by period, newest first' }).getByRole('row').nth(1)
  await expect(current).toContainText('Paid')
  await expect(current).toContainText('$175.00')
  const lines = myPay.getByTestId('my-pay-lines')
  await expect(lines).toContainText('Recovery: flat $175.00 (role rule)')
  await expect(lines.getByRole('link', { name: PAYROLL_ORDER })).toBeVisible()
  await shoot(page, 'my-pay')
  expect(await seriousViolations(page)).toEqual([])
  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, 'my-pay-phone')

  const refused = await page.request.get('/api/payroll/overview')
  expect(refused.status()).toBe(403)
  await page.goto('/dashboard/payroll')
  await expect(page.getByText('Access Denied')).toBeVisible()
})
