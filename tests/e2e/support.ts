import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, type Page } from '@playwright/test'

const require = createRequire(import.meta.url)
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

type AxeViolation = { id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }

/** Runs axe-core in the page (evaluated, so the page's CSP stays on) and fails on any violation. */
export async function expectNoA11yViolations(page: Page) {
	await page.evaluate(AXE_SOURCE)
	const violations = await page.evaluate(async () => {
		// @ts-expect-error axe is injected above
		const result = await window.axe.run(document, { resultTypes: ['violations'] })
		return result.violations as AxeViolation[]
	})
	const summary = violations.map(
		(v) =>
			`${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
	)
	expect(summary, `axe violations on ${page.url()}`).toEqual([])
}

/** Navigates, waits until React has hydrated, and checks accessibility. */
export async function visit(page: Page, path: string, { a11y = true } = {}) {
	const response = await page.goto(path)
	await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
	if (a11y) await expectNoA11yViolations(page)
	return response
}

/** Fails the test if the page logs a CSP violation or an uncaught error. */
export function watchConsole(page: Page) {
	const problems: string[] = []
	// A blocked script or eval is a CSP violation event, not always a console error.
	void page.addInitScript(() =>
		document.addEventListener('securitypolicyviolation', (event) =>
			console.error(`CSP violation: ${event.violatedDirective} from ${event.sourceFile}`),
		),
	)
	page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
	page.on('console', (message) => {
		if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) {
			problems.push(`console: ${message.text()}`)
		}
	})
	return problems
}

/**
 * Fails, naming the widest culprits, when the page (or an open modal) scrolls sideways: every
 * page fits its screen, down to a 360 px phone.
 */
export async function expectNoSidewaysScroll(page: Page, what = page.url()) {
	const widths = await page.evaluate(() => {
		const dialog = document.querySelector('dialog[open]')
		const wide = [...document.querySelectorAll<HTMLElement>('body *')]
			.filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
			.filter((el) => !el.closest('.sr-only'))
			.slice(0, 5)
			.map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120))
		return {
			page: document.documentElement.scrollWidth,
			viewport: window.innerWidth,
			dialog: dialog ? dialog.scrollWidth - dialog.clientWidth : 0,
			wide,
		}
	})
	expect(
		widths.page,
		`${what} is wider than the ${widths.viewport} px screen: ${widths.wide.join(' | ')}`,
	).toBeLessThanOrEqual(widths.viewport)
	expect(widths.dialog, `${what}: the open modal scrolls sideways`).toBeLessThanOrEqual(0)
}

/** The phone width every page must fit (the mobile project's screen). */
export const PHONE = { width: 360, height: 780 }

/**
 * The page as it stands fits its screen and a 360 px phone (a desktop journey's check of the state
 * it has reached); then it gets its own screen back.
 */
export async function expectFitsPhone(page: Page, what = page.url()) {
	await expectNoSidewaysScroll(page, what)
	const size = page.viewportSize()!
	await page.setViewportSize(PHONE)
	try {
		await expectNoSidewaysScroll(page, `${what} at 360 px`)
	} finally {
		await page.setViewportSize(size)
	}
}
