import { describe, expect, it } from 'vitest'
import { ORDER_PARTS, SERVER_AREAS } from '~/.server/areas'
import { areaFindings, areaOf, partFindings, SERVER } from '../support/area-order'
import { importGraph, sourceFiles } from '../support/source-graph'

/**
 * The areas of app/.server in their declared order (issue 58 item 2; app/.server/areas.ts): a
 * file imports its own area and the areas below it, app/lib and app/data, nothing else. So no two
 * areas import each other, and wiring and HTTP actions cannot sink back into the domain.
 */

const files = ['app', 'server', 'cli', 'scripts', 'tests'].flatMap((dir) =>
	sourceFiles(dir, /\.(ts|tsx|mjs)$/),
)
const graph = importGraph(files)

describe('the areas of app/.server', () => {
	it('import only their own area and the areas below it', () => {
		expect(areaFindings(graph, SERVER_AREAS)).toEqual([])
	})

	it('name every folder of app/.server in the declared order', () => {
		const declared: readonly string[] = SERVER_AREAS
		const folders = new Set(files.filter((f) => f.startsWith(SERVER)).map(areaOf))
		expect([...folders].filter((area) => !declared.includes(area))).toEqual([])
	})

	it('finds a planted import of a higher area, of an unlisted one, and of a route', () => {
		const planted = new Map([
			['app/.server/catalog/a.ts', ['app/.server/orders/b.ts', 'app/lib/money.ts']],
			['app/.server/orders/b.ts', ['app/.server/catalog/a.ts', 'app/.server/db/client.ts']],
			['app/.server/stock/c.ts', ['app/routes/admin.photos.server.ts']],
			['app/.server/catalog/a.test.ts', ['app/.server/orders/b.ts']],
		])
		expect(areaFindings(planted, SERVER_AREAS)).toEqual([
			'app/.server/catalog/a.ts (catalog) → app/.server/orders/b.ts (orders): a higher area',
			'app/.server/stock/c.ts (stock): its area is not in the declared order',
			'app/.server/stock/c.ts (stock) → app/routes/admin.photos.server.ts: outside app/.server',
		])
	})

	it('hold the parts of orders/ in their declared order, and find a planted breach', () => {
		expect(partFindings(graph, 'orders', ORDER_PARTS)).toEqual([])
		const planted = new Map([
			['app/.server/orders/payments/a.ts', ['app/.server/orders/pages/b.ts']],
			['app/.server/orders/pages/b.ts', ['app/.server/orders/payments/a.ts']],
			['app/.server/orders/c.ts', []],
		])
		expect(partFindings(planted, 'orders', ORDER_PARTS)).toEqual([
			'app/.server/orders/payments/a.ts (payments) → app/.server/orders/pages/b.ts (pages): a higher part',
			'app/.server/orders/c.ts (c.ts): not in a declared part of orders',
		])
	})

	it('reads the imports it checks (a broken scan would pass everything)', () => {
		expect(graph.get('app/.server/orders/placement/place-order.ts')).toContain(
			'app/.server/catalog/catalog.ts',
		)
		expect(graph.get('app/.server/db/pglite-thread-worker.mjs')).toContain(
			'app/.server/db/file-range.mjs',
		)
	})
})
