import fs from 'node:fs/promises'
import { type Download, expect, type Page, test } from '@playwright/test'
import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import { expectNothingSideways, signInAndLand } from './fixtures'
import { dashboardEmail, E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

const THEME_STORAGE_KEY = 'recovery-desk-theme'

/** Opens a list's Export menu, picks a format, and waits for the browser's download. */
async function exportFrom(page: Page, menu: string, format: 'Export CSV' | 'Export Excel'): Promise<Download> {
  await page.getByRole('button', { name: menu }).click()
  const download = page.waitForEvent('download')
  await page.getByRole('menuitem', { name: format }).click()
  return download
}

/** A downloaded CSV as header and rows (its byte-order mark checked). */
async function readCsv(download: Download) {
  const text = await fs.readFile(await download.path(), 'utf8')
  expect(text.startsWith('\uFEFF')).toBe(true)
  const [header, ...rows] = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data
  const column = (name: string) => rows.map((row) => row[header.indexOf(name)])
  return { header, rows, column }
}

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

  const xlsx = await exportFrom(page, 'Export RDN cases', 'Export Excel')
  expect(xlsx.suggestedFilename()).toMatch(/^cases-\d{4}-\d{2}-\d{2}\.xlsx$/)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(await xlsx.path())
  const sheet = workbook.worksheets[0]
  expect(sheet.rowCount).toBe(total + 1)
  const header = sheet.getRow(1).values as unknown[]
  const orderDate = sheet.getRow(2).getCell(header.indexOf('Order Date')).value
  expect(orderDate === null || orderDate instanceof Date).toBe(true)
})

test('a field manager exports every unassigned open order of their market', async ({ page }) => {
  await signInAndLand(page, dashboardEmail('field_manager'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/field-manager')
  const title = page.getByText(/^Unassigned open orders \(\d+\)$/)
  await expect(title).toBeVisible()
  const count = Number(/\((\d+)\)/.exec((await title.textContent()) ?? '')?.[1])
  const listed = await page.getByTestId('unassigned').getByRole('link').allTextContents()
  const file = await readCsv(await exportFrom(page, 'Export unassigned open orders', 'Export CSV'))
  expect(file.rows).toHaveLength(count)
  expect(file.column('Case Number').sort()).toEqual(listed.map((text) => text.trim()).sort())
  expect(new Set(file.column('Market'))).toEqual(new Set(count ? ['Mobile'] : []))
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
