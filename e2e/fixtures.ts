import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export const BOOTSTRAP_ADMIN = { email: 'admin@example.com', password: 'Bootstrap-pass-1' }

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

/** Signs in and waits until the user has landed on a /dashboard screen. */
export async function signInAndLand(page: Page, email: string, password: string) {
  await signIn(page, email, password)
  await page.waitForURL(/\/dashboard\/.+/)
}

/**
 * Until the toasts stand as people read them: none of the toaster's elements part-transparent
 * (one fading in or out, or the content of a toast stacked behind another as it folds away).
 */
export async function toastsSettled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('[data-sonner-toaster] *')].every((element) =>
          ['0', '1'].includes(getComputedStyle(element).opacity),
        ),
      ),
    )
    .toBe(true)
}

/**
 * The page's serious and critical WCAG 2.1 A/AA violations, each as 'rule: where'. A toast still
 * fading in is measured at part opacity (its text blended into the page): audited once it stands
 * as people read it.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await toastsSettled(page)
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

/**
 * Nothing on the page reaches past the window's right edge, so a phone never scrolls sideways.
 * Polled, because a resized window lays out again after the call returns; on failure it names the
 * widest elements.
 */
export async function expectNothingSideways(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const edge = window.innerWidth
        if (document.documentElement.scrollWidth <= edge) return 'fits'
        const wide = [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > edge + 1)
          .slice(-8)
          .map(
            (element) => `${element.tagName}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`,
          )
        return `${document.documentElement.scrollWidth} px wide, window ${edge}: ${wide.join(' | ')}`
      }),
    )
    .toBe('fits')
}
