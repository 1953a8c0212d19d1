import { expect, test } from '@playwright/test'
import ExcelJS from 'exceljs'
import { exportFrom, readCsv } from './fixtures/downloads'
import { expectNothingSideways } from './fixtures/page-checks'
import { signInAndLand } from './fixtures/sign-in'
import { dashboardEmail, E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

const THEME_STORAGE_KEY = 'recovery-desk-theme'

test('a manager exports the filtered RDN cases as CSV and Excel: exactly the filtered rows', async ({ page }) => {
  await signInAndLand(page, roleEmail('manager'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/orders')
  await page.getByRole('button', { name: 'Status filter', exact: true }).click()
  // The count is read once the filtered page has come (until then the list shows the one before).
  const filtered = page.waitForResponse((answer) => /\/api\/cases\?.*status=Repossessed/.test(answer.url()))
  await page.getByRole('menuitemcheckbox', { name: 'Repossessed' }).click()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(/status=Repossessed/)
  const { total } = (await (await filtered).json()) as { total: number }
  expect(total).toBeGreaterThan(0)
  await expect(page.getByTestId('case-count')).toContainText(`of ${total.toLocaleString('en-US')}`)

  const csv = await exportFrom(page, 'Export RDN cases', 'Export CSV')
  expect(csv.suggestedFilename()).toMatch(/^cases-\d{4}-\d{2}-\d{2}\.csv$/)
  const file = await readCsv(csv)
  expect(file.rows).toHaveLength(total)
  expect(new Set(file.column('Status'))).toEqual(new Set(['Repossessed']))
  for (const day of file.column('Order Date').filter(Boolean)) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  // RDN-7001, seeded Repossessed (e2e/seed-data.ts), as the seed wrote it.
  const rdn7001 = file.rows[file.column('Case Number').indexOf('RDN-7001')]
  expect(rdn7001?.[file.header.indexOf('VIN')]).toBe('3GCUYDED5LG123456')
  expect(rdn7001?.[file.header.indexOf('Make')]).toBe('Chevrolet')
  expect(rdn7001?.[file.header.indexOf('Order Date')]).toBe('2025-06-01')

  const xlsx = await exportFrom(page, 'Export RDN cases', 'Export Excel')
  expect(xlsx.suggestedFilename()).toMatch(/^cases-\d{4}-\d{2}-\d{2}\.xlsx$/)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(await xlsx.path())
  const sheet = workbook.worksheets[0]
  expect(sheet.rowCount).toBe(total + 1)
  const header = sheet.getRow(1).values as unknown[]
  const caseNumbers = sheet.getColumn(header.indexOf('Case Number')).values
  const rdn7001Row = sheet.getRow(caseNumbers.indexOf('RDN-7001'))
  expect(rdn7001Row.getCell(header.indexOf('Order Date')).value).toEqual(new Date('2025-06-01T00:00:00Z'))
})

test('a field manager exports every unassigned open order of their market', async ({ page }) => {
  await signInAndLand(page, dashboardEmail('field_manager'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/field-manager')
  // The seed's two (e2e/seed-dashboards.ts); the specs that assign them leave them as seeded.
  await expect(page.getByText('Unassigned open orders (2)')).toBeVisible()
  const listed = await page.getByTestId('unassigned').getByRole('link').allTextContents()
  expect(listed.map((text) => text.trim()).sort()).toEqual(['DO-2', 'DO-3'])
  const file = await readCsv(await exportFrom(page, 'Export unassigned open orders', 'Export CSV'))
  expect(file.column('Case Number').sort()).toEqual(['DO-2', 'DO-3'])
  expect(file.column('Market')).toEqual(['Mobile', 'Mobile'])
  const do2 = file.rows[file.column('Case Number').indexOf('DO-2')]
  expect(do2[file.header.indexOf('Vehicle')]).toBe('2019 Toyota Camry')
  expect(do2[file.header.indexOf('Plate')]).toBe('AL 7XY-555')
  expect(do2[file.header.indexOf('Status')]).toBe('Open')
})

test('an administrator exports the users the role filter selects', async ({ page }) => {
  await signInAndLand(page, roleEmail('admin'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/users')
  await page.getByLabel('Filter by role').selectOption({ label: 'Recovery Agent' })
  const file = await readCsv(await exportFrom(page, 'Export users', 'Export CSV'))
  expect(file.rows.length).toBeGreaterThan(0)
  expect(new Set(file.column('Role'))).toEqual(new Set(['Recovery Agent']))
  expect(file.column('Email')).toContain(roleEmail('recovery_agent'))
})

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 375]) {
    test(`the Export menu on the case list, ${theme}, ${width} px wide`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme])
      await signInAndLand(page, roleEmail('manager'), E2E_ROLE_PASSWORD)
      await page.goto('/dashboard/orders?status=Repossessed')
      const button = page.getByRole('button', { name: 'Export RDN cases' })
      await expect(button).toBeVisible()
      await button.click()
      await expect(page.getByRole('menuitem', { name: 'Export Excel' })).toBeVisible()
      // Nothing sticks out sideways on a phone.
      await expectNothingSideways(page)
      await page.screenshot({ path: `test-results/export-menu-${theme}-${width}.png` })
    })
  }
}
