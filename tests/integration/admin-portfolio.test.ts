import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentSeeds, portfolioProjects, testimonials } from '~/.server/db/schema'
import { seedContent } from '~/.server/portfolio/seed'
import { startTestApp, type TestApp } from '../support/app'
import { createAdmin } from '../support/factories'
import { TestClient } from '../support/session'

let app: TestApp
let admin: TestClient
const csv =
	'name,code,image_url,product_url,vendor,category,price,available_sizes,option_price_pairs,selected_size,selected_option,original_name\nPump,P-1,/images/p.jpg,,Oase,pumps,10.00,,,,,\n'

beforeAll(async () => {
	// A page cache, as in production: every save must drop pages rendered before it.
	app = await startTestApp({}, { catalogCsv: csv, pageCacheMs: 60_000 })
	admin = (await createAdmin(app)).client
})
afterAll(async () => {
	await app?.close()
})

const visitor = () => new TestClient(app)
const html = async (client: TestClient, path: string) => (await client.request(path)).text()

/** A valid project form; photos as the editor posts them. */
const project = (over: Record<string, string> = {}) => ({
	name: 'Koi Pond in Nairn',
	location: 'Nairn',
	summary: 'A sunken koi pond with a bog filter and a timber deck.',
	pondVolume: '8,500',
	features: 'Timber deck\nBog filter',
	story: 'We dug it out.\n\nThen we lined it.',
	testimonialText: 'The deck is our favourite place in summer.',
	testimonialName: 'Fiona Grant, Nairn',
	testimonialRating: '4.5',
	'photos.0.src': '/images/portfolio/pond2/03-1280.jpg',
	'photos.0.alt': 'The deck beside the pond',
	'photos.1.src': '/images/portfolio/pond2/04-1280.jpg',
	'photos.1.alt': 'Koi at the surface',
	thumbnail: '1',
	published: 'yes',
	...over,
})

describe('seeded demo content', () => {
	it('starts with the six demo projects and three testimonials, written once', async () => {
		const projects = await app.database.db.select().from(portfolioProjects)
		expect(projects.map((p) => p.slug).sort()).toEqual([
			'pond1',
			'pond2',
			'pond3',
			'pond4',
			'pond5',
			'pond6',
		])
		expect(projects.find((p) => p.slug === 'pond3')?.photos).toHaveLength(43)
		expect(await app.database.db.select().from(testimonials)).toHaveLength(3)
		// A second start writes nothing.
		expect(await seedContent(app.database.db)).toEqual([])
		expect(await app.database.db.select().from(contentSeeds)).toHaveLength(2)
	})

	it('keeps the owner’s edits and removals across restarts', async () => {
		const page = await html(admin, '/admin/portfolio/pond6')
		const version = /name="version" value="(\d+)"/.exec(page)![1]!
		const res = await admin.post('/admin/portfolio/pond6', {
			...project({ name: 'Patio Urn Feature', location: 'Elgin' }),
			version,
		})
		expect(res.status).toBe(302)
		await app.database.db.delete(testimonials).where(eq(testimonials.name, 'Alasdair Fraser'))
		expect(await seedContent(app.database.db)).toEqual([])
		const [pond6] = await app.database.db
			.select()
			.from(portfolioProjects)
			.where(eq(portfolioProjects.slug, 'pond6'))
		expect(pond6?.name).toBe('Patio Urn Feature')
		expect(await app.database.db.select().from(testimonials)).toHaveLength(2)
		expect(await html(visitor(), '/portfolio/pond6')).toContain('Patio Urn Feature')
	})
})

describe('the public pages read the database', () => {
	it('lists published projects, with pages at their old addresses and the featured three on /', async () => {
		const list = await html(visitor(), '/portfolio')
		for (const slug of ['pond1', 'pond2', 'pond3', 'pond4', 'pond5'])
			expect(list).toContain(`href="/portfolio/${slug}"`)
		expect(list).toContain('/images/portfolio/pond2/thumbnail.jpeg')
		const pond3 = await html(visitor(), '/portfolio/pond3')
		expect(pond3).toContain('Raised Stone Koi Pond')
		expect(pond3).toContain('12,000 litres')
		expect(pond3).toContain('Image 1 of 43')
		const home = await html(visitor(), '/')
		expect(home).toContain('href="/portfolio/pond1"')
		expect(home).toContain('Priya Patel, Leeds')
		expect(home).not.toContain('Alasdair Fraser')
	})
})

describe('/admin/portfolio', () => {
	it('refuses bad input with messages naming the field, and saves nothing', async () => {
		const cases: Array<[Record<string, string>, RegExp]> = [
			[{ name: '' }, /Name is required/],
			[{ 'photos.1.alt': '' }, /Alt text for photo 2 is required/],
			[{ pondVolume: 'lots' }, /Pond volume must be a whole number of litres/],
			[
				{ 'photos.0.src': 'https://evil.example/x.jpg' },
				/Photo 1 path must be a path on this site/,
			],
			[{ 'photos.0.src': '/images/../../etc/passwd' }, /Photo 1 path must be a path on this site/],
			[{ testimonialRating: '7' }, /Testimonial rating must be from 0.5 to 5 stars/],
			[{ testimonialName: '' }, /Testimonial name is required with a testimonial/],
			[
				{
					'photos.0.src': '',
					'photos.0.alt': '',
					'photos.1.src': '',
					'photos.1.alt': '',
					published: 'yes',
				},
				/a published project needs at least one photo/,
			],
		]
		const before = (await app.database.db.select().from(portfolioProjects)).length
		for (const [bad, message] of cases) {
			const res = await admin.post('/admin/portfolio/new', project(bad))
			expect(res.status, String(message)).toBe(400)
			expect(await res.text()).toMatch(message)
		}
		expect(await app.database.db.select().from(portfolioProjects)).toHaveLength(before)
	})

	it('creates a draft with a readable address; drafts are not public until published', async () => {
		const first = await admin.post('/admin/portfolio/new', project({ published: '' }))
		expect(first.status).toBe(302)
		expect(first.headers.get('location')).toBe('/admin/portfolio/koi-pond-in-nairn?saved=created')
		const second = await admin.post('/admin/portfolio/new', project({ published: '' }))
		expect(second.headers.get('location')).toBe(
			'/admin/portfolio/koi-pond-in-nairn-2?saved=created',
		)
		// Draft: unknown to the public, the portfolio, the sitemap; the admin sees it.
		expect((await visitor().request('/portfolio/koi-pond-in-nairn')).status).toBe(404)
		expect(await html(visitor(), '/portfolio')).not.toContain('koi-pond-in-nairn')
		expect(await html(visitor(), '/sitemap.xml')).not.toContain('koi-pond-in-nairn')
		expect(await html(admin, '/admin/portfolio')).toContain('Koi Pond in Nairn')
		// Published and featured from the list.
		const list = await html(admin, '/admin/portfolio')
		const version =
			/name="slug" value="koi-pond-in-nairn"\/><input type="hidden" name="version" value="(\d+)"/.exec(
				list,
			)![1]!
		const published = await admin.post('/admin/portfolio', {
			intent: 'publish',
			slug: 'koi-pond-in-nairn',
			version,
		})
		expect(published.status).toBe(302)
		const page = await html(visitor(), '/portfolio/koi-pond-in-nairn')
		expect(page).toContain('The deck is our favourite place in summer.')
		expect(page).toContain('Rated 4.5 out of 5')
		expect(page).toContain('8,500 litres')
		expect(await html(visitor(), '/portfolio')).toContain('href="/portfolio/koi-pond-in-nairn"')
		expect(await html(visitor(), '/sitemap.xml')).toContain('/portfolio/koi-pond-in-nairn</loc>')
		// The thumbnail is the chosen photo (the second).
		expect(await html(visitor(), '/portfolio')).toContain('/images/portfolio/pond2/04-960.jpg')
	})

	it('features a project on the home page in the chosen order', async () => {
		const version = async (slug: string) =>
			new RegExp(
				`name="slug" value="${slug}"/><input type="hidden" name="version" value="(\\d+)"`,
			).exec(await html(admin, '/admin/portfolio'))![1]!
		await admin.post('/admin/portfolio', {
			intent: 'unfeature',
			slug: 'pond3',
			version: await version('pond3'),
		})
		await admin.post('/admin/portfolio', {
			intent: 'feature',
			slug: 'koi-pond-in-nairn',
			version: await version('koi-pond-in-nairn'),
		})
		let home = await html(visitor(), '/')
		expect(home).not.toContain('href="/portfolio/pond3"')
		expect(home.indexOf('/portfolio/pond1"')).toBeLessThan(
			home.indexOf('/portfolio/koi-pond-in-nairn"'),
		)
		await admin.post('/admin/portfolio', { intent: 'up', slug: 'koi-pond-in-nairn' })
		await admin.post('/admin/portfolio', { intent: 'up', slug: 'koi-pond-in-nairn' })
		home = await html(visitor(), '/')
		expect(home.indexOf('/portfolio/koi-pond-in-nairn"')).toBeLessThan(
			home.indexOf('/portfolio/pond1"'),
		)
	})

	it('refuses a save over someone else’s: This project was changed by someone else', async () => {
		const page = await html(admin, '/admin/portfolio/pond5')
		const version = /name="version" value="(\d+)"/.exec(page)![1]!
		const mine = await admin.post('/admin/portfolio/pond5', {
			...project({ name: 'Mine' }),
			version,
		})
		expect(mine.status).toBe(302)
		const theirs = await admin.post('/admin/portfolio/pond5', {
			...project({ name: 'Theirs' }),
			version,
		})
		expect(theirs.status).toBe(409)
		expect(await theirs.text()).toContain('This project was changed by someone else')
		expect(await html(visitor(), '/portfolio/pond5')).toContain('Mine')
	})

	it('saves the rest when the Add a photo row has alt text but no photo, leaving that row out', async () => {
		const page = await html(admin, '/admin/portfolio/pond4')
		const version = /name="version" value="(\d+)"/.exec(page)![1]!
		// Photos 1 and 2, then the 'Add a photo' row (photos.2) with a description typed, no path.
		const res = await admin.post('/admin/portfolio/pond4', {
			...project({ name: 'Wildlife Pond', 'photos.2.src': '', 'photos.2.alt': 'Frogspawn' }),
			version,
		})
		expect(res.status).toBe(302)
		const [pond4] = await app.database.db
			.select()
			.from(portfolioProjects)
			.where(eq(portfolioProjects.slug, 'pond4'))
		expect(pond4?.name).toBe('Wildlife Pond')
		expect(pond4?.photos.map((p) => p.alt)).toEqual([
			'The deck beside the pond',
			'Koi at the surface',
		])
		// Said beside the row, before anyone saves.
		expect(await html(admin, '/admin/portfolio/pond4')).toContain(
			'A description without a photo is left out when you save.',
		)
	})

	it('moves photos without JavaScript and saves nothing until Save', async () => {
		const res = await admin.post('/admin/portfolio/new', { ...project(), photoIntent: 'up:1' })
		expect(res.status).toBe(200)
		const text = await res.text()
		expect(text.indexOf('pond2/04-1280.jpg')).toBeLessThan(text.indexOf('pond2/03-1280.jpg'))
		expect(text).toContain('Save the project to keep the change')
	})
})

describe('bad input never answers 5xx', () => {
	it('refuses odd posts to every new form with a 4xx', async () => {
		const posts: Array<[string, Record<string, string>]> = [
			['/admin/portfolio/new', {}],
			['/admin/portfolio/new', { ...project(), name: 'Bad\u0000name' }],
			['/admin/portfolio/new', { ...project(), thumbnail: '999' }],
			['/admin/portfolio/new', { ...project(), thumbnail: '-1' }],
			['/admin/portfolio/new', { ...project(), 'photos.100.src': '/a.jpg', 'photos.100.alt': 'x' }],
			['/admin/portfolio/new', { ...project(), photoIntent: 'remove:999' }],
			['/admin/portfolio/new', { ...project(), photoIntent: 'explode' }],
			['/admin/portfolio/new', { ...project(), published: 'maybe' }],
			['/admin/portfolio/new', { ...project(), pondVolume: '99999999999' }],
			['/admin/portfolio/pond2', { ...project(), version: '999999999999' }],
			['/admin/portfolio/pond2', { ...project(), version: '999999999' }],
			['/admin/portfolio/no-such-project', { ...project(), version: '1' }],
			['/admin/portfolio/BAD%20SLUG', { ...project(), version: '1' }],
			['/admin/portfolio', { intent: 'publish', slug: 'no-such', version: '1' }],
			['/admin/portfolio', { intent: 'publish', slug: 'pond2' }],
			['/admin/portfolio', { intent: 'up', slug: '../../etc' }],
			['/admin/portfolio', { intent: 'drop', slug: 'pond2', version: '1' }],
			['/admin/testimonials', {}],
			['/admin/testimonials', { intent: 'save', text: 'x', name: 'y', rating: 'NaN' }],
			[
				'/admin/testimonials',
				{ intent: 'save', text: 'x', name: 'y', rating: '5', hidden: 'maybe' },
			],
			[
				'/admin/testimonials',
				{ intent: 'save', text: 'x', name: 'y', rating: '5', id: '999999', version: '1' },
			],
			['/admin/testimonials', { intent: 'hide', id: '999999999', version: '1' }],
			['/admin/testimonials', { intent: 'up', id: 'abc' }],
		]
		for (const [path, fields] of posts) {
			const res = await admin.post(path, fields)
			expect(res.status, `${path} ${JSON.stringify(fields).slice(0, 80)}`).toBeLessThan(500)
			if (res.status === 200) expect(fields.photoIntent, path).toBeDefined()
		}
	})
})
