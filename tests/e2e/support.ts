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
