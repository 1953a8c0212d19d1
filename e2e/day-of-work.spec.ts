import { expect, type Page, test } from '@playwright/test'
import ExcelJS from 'exceljs'
import { bell, expectNothingUnread } from './fixtures/bell'
import { addNote, field, noteEntries, pageHeader } from './fixtures/detail-page'
import { exportFrom, readCsv } from './fixtures/downloads'
import { newSignedInPage } from './fixtures/sign-in'
import { DAY_WORK_CASE, DAY_WORK_ORDERS, DAY_WORK_PEOPLE, dayWorkEmail } from './seed-day-work'

// Issue 16's 'Done means': a manager and a field manager doing a day's work on the Day Work
// Agency (e2e/seed-day-work.ts) while their agents watch their bells. The manager's order
// DW-2014 (Delgado 14, Open, nobody's) becomes agent A's; the field manager's DW-2008
// (Delgado 8, Open, nobody's) becomes agent B's, whose RDN case RDN-9701 also is.

test.describe.configure({ mode: 'serial' })

const { manager, fieldManager, agentA, agentB } = DAY_WORK_PEOPLE
const openDelgados = DAY_WORK_ORDERS.filter(
  (order) => order.status === 'Open' && order.borrower_name.startsWith('Delgado'),
)
const unassigned = DAY_WORK_ORDERS.filter((order) => order.agent === null)

async function openOrdersTab(page: Page) {
  await page.getByRole('link', { name: 'Order Management' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Management')
  await page.getByRole('tab', { name: 'Orders' }).click()
  await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByTestId('order-count')).toHaveText(`Showing 1-30 of ${DAY_WORK_ORDERS.length}`)
}

/** Edit, the status and agent, Save: the toast, then the order's new badges. */
async function changeStatusAndAgent(page: Page, status: string, agent: string) {
  await page.getByRole('button', { name: 'Edit' }).click()
  await expect(page.getByRole('heading', { name: 'Status & Assignment' })).toBeVisible()
  await page.getByLabel('Status', { exact: true }).selectOption(status)
  await page.getByLabel('Recovery Agent', { exact: true }).selectOption({ label: agent })
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Order updated successfully')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible()
  await expect(pageHeader(page).getByText(status, { exact: true })).toBeVisible()
  await expect(field(page, 'Recovery Agent')).toContainText(agent)
}

test("a manager's day: list, filter, change an order, note it, export; agent A's bell follows live", async ({
  browser,
}) => {
  test.setTimeout(120_000)
  // Agent A is on their dashboard before anything happens, with nothing unread.
  const agent = await newSignedInPage(browser, dayWorkEmail('agent-a'))
  await expectNothingUnread(agent)

  const page = await newSignedInPage(browser, dayWorkEmail('manager'))
  await openOrdersTab(page)

  await page.getByRole('button', { name: 'Status filter', exact: true }).click()
  await page.getByRole('menuitemcheckbox', { name: 'Open', exact: true }).click()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(/status=Open/)
  const openCount = DAY_WORK_ORDERS.filter((order) => order.status === 'Open').length
  await expect(page.getByTestId('order-count')).toHaveText(`Showing 1-${openCount} of ${openCount}`)

  await page.getByLabel('Search orders').fill('delgado')
  await expect(page).toHaveURL(/q=delgado/)
  const n = openDelgados.length
  await expect(page.getByTestId('order-count')).toHaveText(`Showing 1-${n} of ${n}`)
  const rows = page.getByTestId('order-row')
  await expect(rows).toHaveCount(n)
  for (const order of openDelgados) {
    await expect(rows.filter({ hasText: order.case_number })).toContainText(order.borrower_name)
  }

  const borrower = page.getByRole('columnheader', { name: 'Borrower' })
  await borrower.getByRole('button').click()
  await expect(borrower).toHaveAttribute('aria-sort', 'descending')
  await expect(rows.first()).toContainText('Delgado 8')
  await borrower.getByRole('button').click()
  await expect(page).toHaveURL(/sort=borrower_name&dir=asc/)
  await expect(borrower).toHaveAttribute('aria-sort', 'ascending')
  await expect(rows.first()).toContainText('Delgado 14')
  const listUrl = page.url()

  await page.getByRole('link', { name: 'DW-2014', exact: true }).click()
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/)
  const orderPath = new URL(page.url()).pathname
  await expect(page.getByRole('heading', { name: 'DW-2014', level: 1 })).toBeVisible()
  await expect(pageHeader(page).getByText('Open', { exact: true })).toBeVisible()
  await changeStatusAndAgent(page, 'Need Info', agentA)
  await expect(noteEntries(page).filter({ hasText: 'Status changed from Open to Need Info' })).toContainText(manager)

  // The assignment reaches agent A's bell without a reload.
  await expect(bell(agent)).toHaveAccessibleName('Notifications, 1 unread')
  await expect(agent.getByTestId('notification-badge')).toHaveText('1')

  const note = 'Borrower called: the car is at his sister’s on Dauphin St.'
  await addNote(page, 'Office Note', note)
  await expect(noteEntries(page).first()).toContainText(manager)
  await expect(bell(agent)).toHaveAccessibleName('Notifications, 2 unread')
  await expect(agent.getByTestId('notification-badge')).toHaveText('2')

  // Back to the same list; DW-2014 is no longer Open, so it has left it.
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page).toHaveURL(listUrl)
  await expect(page.getByLabel('Search orders')).toHaveValue('delgado')
  await expect(page.getByRole('button', { name: 'Status filter', exact: true })).toHaveText('Status (1)')
  await expect(page.getByTestId('order-count')).toHaveText(`Showing 1-${n - 1} of ${n - 1}`)
  await expect(rows.filter({ hasText: 'DW-2014' })).toHaveCount(0)
  await expect(rows.first()).toContainText('Delgado 2')
  const listed = (await rows.getByRole('link').allTextContents()).map((text) => text.trim())

  const csv = await exportFrom(page, 'Export Orders', 'Export CSV')
  expect(csv.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/)
  const file = await readCsv(csv)
  expect(file.column('Case Number')).toEqual(listed)
  expect(file.column('Case Number')).not.toContain('DW-2014')
  expect(new Set(file.column('Status'))).toEqual(new Set(['Open']))
  for (const name of file.column('Borrower')) expect(name).toMatch(/^Delgado \d+$/)

  const xlsx = await exportFrom(page, 'Export Orders', 'Export Excel')
  expect(xlsx.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.xlsx$/)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(await xlsx.path())
  expect(workbook.worksheets[0].rowCount).toBe(listed.length + 1)

  // Agent A reads the bell: both, newest first; one opens the order and is read.
  await bell(agent).click()
  const assigned = agent.getByRole('menuitem', { name: /You were assigned order DW-2014\b/ })
  const noted = agent.getByRole('menuitem', { name: new RegExp(`${manager} added Office Note on order DW-2014\\b`) })
  await expect(assigned).toBeVisible()
  await expect(noted).toBeVisible()
  await expect(noted).toHaveAccessibleName(/^Unread: /)
  await noted.click()
  await expect(agent).toHaveURL(new RegExp(`${orderPath}$`))
  await expect(agent.getByRole('heading', { name: 'DW-2014', level: 1 })).toBeVisible()
  await expect(noteEntries(agent).first()).toContainText(note)
  // The order detail is a page of its own, without the header: back to the dashboard's bell.
  await agent.goBack()
  await expect(bell(agent)).toHaveAccessibleName('Notifications, 1 unread')
  await bell(agent).click()
  await agent.getByRole('menuitem', { name: 'Mark all read' }).click()
  await expectNothingUnread(agent)

  await agent.context().close()
  await page.context().close()
})

test("a field manager's day: unassigned orders, assign and note one, note an RDN case; agent B's bell follows", async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const agent = await newSignedInPage(browser, dayWorkEmail('agent-b'))
  await expectNothingUnread(agent)

  const page = await newSignedInPage(browser, dayWorkEmail('field-manager'))
  await openOrdersTab(page)
  await page.getByLabel('Agent', { exact: true }).selectOption({ label: 'Unassigned' })
  await expect(page).toHaveURL(/agent=/)
  // The manager gave DW-2014 to agent A before.
  const count = unassigned.length - 1
  await expect(page.getByTestId('order-count')).toHaveText(`Showing 1-${count} of ${count}`)
  const rows = page.getByTestId('order-row')
  await expect(rows).toHaveCount(count)
  await expect(rows.filter({ hasText: new RegExp(`${agentA}|${agentB}`) })).toHaveCount(0)
  await expect(rows.filter({ hasText: 'DW-2014' })).toHaveCount(0)

  await page.getByRole('link', { name: 'DW-2008', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'DW-2008', level: 1 })).toBeVisible()
  await changeStatusAndAgent(page, 'Need Info', agentB)
  await expect(noteEntries(page).filter({ hasText: 'Status changed from Open to Need Info' })).toContainText(
    fieldManager,
  )
  await expect(bell(agent)).toHaveAccessibleName('Notifications, 1 unread')

  await addNote(page, 'Agent Update', 'Ben: the borrower works nights at the port, try after 7 AM.')
  await expect(noteEntries(page).first()).toContainText(fieldManager)
  await expect(bell(agent)).toHaveAccessibleName('Notifications, 2 unread')

  // Back to the list, then agent B's RDN case from the RDN Cases tab.
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByTestId('order-count')).toHaveText(`Showing 1-${count - 1} of ${count - 1}`)
  await page.getByRole('tab', { name: 'RDN Cases' }).click()
  await page.getByLabel('Search cases').fill(DAY_WORK_CASE.case_number)
  await expect(page.getByTestId('case-row')).toHaveCount(1)
  await page.getByTestId('case-row').click()
  await expect(page.getByRole('heading', { name: DAY_WORK_CASE.case_number, level: 1 })).toBeVisible()
  await addNote(page, 'Office Note', 'Lender approved the skip trace.')
  await expect(noteEntries(page).first()).toContainText(fieldManager)
  await expect(bell(agent)).toHaveAccessibleName('Notifications, 3 unread')

  await bell(agent).click()
  await expect(agent.getByRole('menuitem', { name: /You were assigned order DW-2008\b/ })).toBeVisible()
  await expect(
    agent.getByRole('menuitem', { name: new RegExp(`${fieldManager} added Agent Update on order DW-2008\\b`) }),
  ).toBeVisible()
  await agent
    .getByRole('menuitem', {
      name: new RegExp(`${fieldManager} added Office Note on RDN case ${DAY_WORK_CASE.case_number}\\b`),
    })
    .click()
  await expect(agent).toHaveURL(new RegExp(`/cases/${DAY_WORK_CASE.case_id}$`))
  await expect(agent.getByRole('heading', { name: DAY_WORK_CASE.case_number, level: 1 })).toBeVisible()
  await expect(noteEntries(agent).first()).toContainText('Lender approved the skip trace.')
  await agent.goBack()
  await expect(bell(agent)).toHaveAccessibleName('Notifications, 2 unread')
  await bell(agent).click()
  await agent.getByRole('menuitem', { name: 'Mark all read' }).click()
  await expectNothingUnread(agent)

  await agent.context().close()
  await page.context().close()
})
