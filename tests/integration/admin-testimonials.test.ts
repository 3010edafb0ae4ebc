import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testimonials } from '~/.server/db/schema'
import { startTestApp, type TestApp } from '../support/app'
import { createAdmin } from '../support/factories'
import { TestClient } from '../support/session'

let app: TestApp
let admin: TestClient

beforeAll(async () => {
	// A page cache, as in production: every change must drop pages rendered before it.
	app = await startTestApp({}, { catalogCsv: null, pageCacheMs: 60_000 })
	admin = (await createAdmin(app)).client
})
afterAll(async () => {
	await app?.close()
})

const visitor = () => new TestClient(app)
const html = async (client: TestClient, path: string) => (await client.request(path)).text()

describe('/admin/testimonials', () => {
	it('adds, rates in half stars, hides and reorders; the home page follows', async () => {
		const bad = await admin.post('/admin/testimonials', {
			intent: 'save',
			text: '',
			name: '',
			rating: '6',
		})
		expect(bad.status).toBe(400)
		const body = await bad.text()
		expect(body).toMatch(/Testimonial text is required/)
		expect(body).toMatch(/Name is required/)
		expect(body).toMatch(/Rating must be from 0.5 to 5 stars/)
		const added = await admin.post('/admin/testimonials', {
			intent: 'save',
			text: 'Lovely clear water all year.',
			name: 'Ewan Ross',
			place: 'Forres',
			rating: '3.5',
		})
		expect(added.status).toBe(302)
		let home = await html(visitor(), '/')
		expect(home).toContain('Lovely clear water all year.')
		expect(home).toContain('Ewan Ross, Forres')
		expect(home).toContain('Rated 3.5 out of 5')
		const rows = await app.database.db.select().from(testimonials)
		const ewan = rows.find((t) => t.name === 'Ewan Ross')!
		await admin.post('/admin/testimonials', { intent: 'up', id: String(ewan.id) })
		home = await html(visitor(), '/')
		const others = rows.filter((t) => t.id !== ewan.id).sort((a, b) => a.position - b.position)
		expect(home.indexOf('Lovely clear water')).toBeLessThan(
			home.indexOf(others.at(-1)!.text.slice(0, 30)),
		)
		const hidden = await admin.post('/admin/testimonials', {
			intent: 'hide',
			id: String(ewan.id),
			version: String(ewan.version),
		})
		expect(hidden.status).toBe(302)
		expect(await html(visitor(), '/')).not.toContain('Lovely clear water all year.')
		// A stale version is refused.
		const stale = await admin.post('/admin/testimonials', {
			intent: 'show',
			id: String(ewan.id),
			version: String(ewan.version),
		})
		expect(stale.status).toBe(409)
		expect(await stale.text()).toContain('This testimonial was changed by someone else')
	})
})
