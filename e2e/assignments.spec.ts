import { expect, type Page, test } from '@playwright/test'
import { expectNothingSideways, seriousViolations } from './fixtures/page-checks'
import { screenshotsIn } from './fixtures/screenshots'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_ROLE_PASSWORD, mapEmail } from './seed-data'

// The board's map agency (e2e/seed-map.ts): a Mobile field manager, agents Avery (RDN-MAP-AV) and Blake,
// six open Mobile orders, one RDN case, MAP-MINE on Avery for six days without an update, and a
// Birmingham order outside the field manager's market.

const board = (page: Page) => page.getByRole('list', { name: 'Assignment board' })
const row = (page: Page, label: string) =>
  board(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: label, exact: true }) })

const shoot = screenshotsIn('assignments')

async function openBoard(page: Page, who: Parameters<typeof mapEmail>[0]) {
  await signInAndLand(page, mapEmail(who, 'board'), E2E_ROLE_PASSWORD)
  await page.goto('/dashboard/assignments')
  await expect(page.getByRole('heading', { name: 'Agent Assignment', level: 1 })).toBeVisible()
}

test.describe.configure({ mode: 'serial' })

test('a field manager sees their market’s open cases, unassigned first, and the one due an update', async ({
  page,
}) => {
  await openBoard(page, 'field_manager')
  await expect(page.getByText('Agent Assignment - Coming soon')).toHaveCount(0)
  await expect(row(page, 'MAP-1')).toBeVisible()
  await expect(row(page, 'RDN-MAP-1')).toBeVisible()
  await expect(row(page, 'MAP-BHM')).toHaveCount(0)
  await expect(row(page, 'MAP-MINE')).toContainText('Update due')
  await expect(row(page, 'MAP-MINE')).toContainText('Avery Mapper')
  // Unassigned first: the assigned case is last.
  await expect(board(page).getByRole('listitem').last()).toContainText('MAP-MINE')
  await expect(row(page, 'MAP-1')).toContainText('Suggested: ')
  await expect(page.getByRole('table', { name: 'Agents' })).toContainText('Avery Mapper')
  await shoot(page, 'board')
  expect(await seriousViolations(page)).toEqual([])
})

test('assigns two cases in bulk, and the board updates live for someone else', async ({ page, browser }) => {
  await openBoard(page, 'field_manager')
  const other = await browser.newContext()
  const watcher = await other.newPage()
  await openBoard(watcher, 'admin')
  await expect(row(watcher, 'MAP-1')).toContainText('Agent: Nobody')

  await page.getByRole('checkbox', { name: 'Select MAP-1' }).check()
  await page.getByRole('checkbox', { name: 'Select RDN-MAP-1' }).check()
  await expect(page.getByText('2 selected')).toBeVisible()
  await page.getByRole('button', { name: 'Assign selected' }).click()
  const dialog = page.getByRole('dialog', { name: 'Assign 2 cases' })
  await dialog.getByLabel('Recovery agent').selectOption({ label: 'Avery Mapper (Mobile) · 1 open' })
  await dialog.getByLabel('Camera car driver').selectOption({ label: 'Casey Mapper (Mobile) · 0 open' })
  await dialog.getByRole('button', { name: 'Assign' }).click()
  await expect(page.getByText('Assigned 2 cases')).toBeVisible()
  await expect(row(page, 'MAP-1')).toContainText('Agent: Avery Mapper')
  await expect(row(page, 'RDN-MAP-1')).toContainText('Camera car: Casey Mapper')
  // The other person's board follows without a reload.
  await expect(row(watcher, 'MAP-1')).toContainText('Agent: Avery Mapper', { timeout: 15_000 })
  await other.close()

  await row(page, 'RDN-MAP-1').getByRole('button', { name: 'History of RDN-MAP-1' }).click()
  const history = page.getByRole('dialog', { name: 'Assignment history of RDN-MAP-1' })
  await expect(history).toContainText('Recovery agent: Avery Mapper')
  await expect(history).toContainText('Fern Mapper')
  await page.keyboard.press('Escape')
})

test('one case given to the other agent instead of the suggestion, then put on hold', async ({ page }) => {
  await openBoard(page, 'field_manager')
  await row(page, 'MAP-2').getByRole('button', { name: 'Assign MAP-2' }).click()
  const dialog = page.getByRole('dialog', { name: 'Assign MAP-2' })
  // The suggestion comes chosen: the covering agent with the fewest open cases.
  await expect(dialog.getByLabel('Recovery agent').locator('option:checked')).toHaveText(
    'Suggested: Blake Mapper (Mobile) · 0 open',
  )
  await dialog.getByLabel('Recovery agent').selectOption({ label: 'Avery Mapper (Mobile) · 3 open' })
  await dialog.getByRole('button', { name: 'Assign' }).click()
  await expect(page.getByText('Assigned 1 case')).toBeVisible()
  await page.getByRole('checkbox', { name: 'Select MAP-2' }).check()
  await page.getByRole('button', { name: 'Mark On Hold' }).click()
  await expect(page.getByText('1 case now On Hold')).toBeVisible()
  await expect(row(page, 'MAP-2')).toContainText('On Hold')
  await page.getByLabel('State').selectOption('On Hold')
  await expect(page).toHaveURL(/state=On\+Hold/)
  await expect(board(page).getByRole('listitem')).toHaveCount(1)
})

test('a phone shows the board as cards', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openBoard(page, 'field_manager')
  await expect(row(page, 'MAP-3')).toBeVisible()
  await shoot(page, 'board-phone')
  await expectNothingSideways(page)
})
