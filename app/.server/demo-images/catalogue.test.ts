import { describe, expect, it } from 'vitest'
import {
	AVIF_WIDTHS,
	GALLERY_WIDTHS,
	galleryImageUrl,
	PORTFOLIO_PROJECTS,
	projectThumbnailUrl,
} from '~/data/portfolio'
import { IMAGE_FORMATS, SITE_IMAGES, type SiteImageName, siteImageUrl } from '~/lib/images'
import { shownThumbUrl } from '~/lib/photos'
import { allDemoImages, demoImageFor, type ProductArt } from './catalogue'

const pump: ProductArt = { name: 'Oase AquaMax Eco 6000', vendor: 'Oase', category: 'pumps' }
const products = new Map([
	['oa-aq-6000', pump],
	['odd-thumb', { ...pump, name: 'A product whose picture ends in -thumb' }],
])
const lookup = (slug: string) => products.get(slug)
const named = (url: string) => demoImageFor(url.replace(/^\/images\//, ''), lookup)

/** Every address the pages hand out, built with the helpers the pages use. */
function pageAddresses() {
	const site = (Object.keys(SITE_IMAGES) as SiteImageName[]).flatMap((name) =>
		SITE_IMAGES[name].widths.flatMap((w) => IMAGE_FORMATS.map((f) => siteImageUrl(name, w, f))),
	)
	const gallery = PORTFOLIO_PROJECTS.flatMap((project) => [
		projectThumbnailUrl(project.id),
		...Array.from({ length: project.imageCount }, (_, i) =>
			GALLERY_WIDTHS.flatMap((w) =>
				(['avif', 'webp', 'jpg'] as const)
					.filter((f) => f !== 'avif' || (AVIF_WIDTHS as readonly number[]).includes(w))
					.map((f) => galleryImageUrl(project.id, i + 1, w, f)),
			),
		).flat(),
	])
	const product = [...products.keys()].flatMap((slug) => {
		const url = `/images/products/${slug}.jpg`
		return [url, shownThumbUrl({ url, id: null })] // the spec's -thumb.jpg rule
	})
	return [...site, ...gallery, ...product]
}

describe('the demo pictures’ names (decision 0028)', () => {
	it('serves exactly the addresses the pages hand out, each once', () => {
		const served = allDemoImages(products).flatMap((image) =>
			image.variants.map((v) => `/images/${v.path}`),
		)
		expect(new Set(served).size).toBe(served.length)
		expect(served.sort()).toEqual(pageAddresses().sort())
		for (const url of served) expect(named(url)?.variant.path).toBe(url.slice('/images/'.length))
	})

	it('keeps each address’s size and format', () => {
		const hero = named(siteImageUrl('hero', 960, 'avif'))!
		expect(hero.variant).toMatchObject({ format: 'avif', resize: { width: 960, height: 540 } })
		expect(hero.image.drawing).toEqual({ family: 'site', name: 'hero' })
		const photo = named(galleryImageUrl('pond3', 7, 480, 'webp'))!
		expect(photo.variant).toMatchObject({ format: 'webp', resize: { width: 480, height: 360 } })
		expect(photo.image.drawing).toEqual({ family: 'portfolio', project: 'pond3', photo: 7 })
		const thumbnail = named(projectThumbnailUrl('pond2'))!
		expect(thumbnail.variant).toMatchObject({ format: 'jpeg', resize: { width: 800, height: 600 } })
		expect(thumbnail.image.drawing).toMatchObject({ project: 'pond2', photo: 1 })
		const thumb = named('/images/products/oa-aq-6000-thumb.jpg')!
		expect(thumb.variant).toMatchObject({ format: 'jpeg', resize: { width: 300, height: 300 } })
		expect(thumb.image.drawing).toEqual({ family: 'products', ...pump })
		expect(named('/images/products/odd-thumb.jpg')?.image.drawing).toMatchObject({
			name: 'A product whose picture ends in -thumb',
		})
	})

	it('names nothing for a size, format, photo or product the site does not hand out', () => {
		for (const name of [
			'generated/site/hero-700.jpg',
			'generated/site/hero-640.png',
			'generated/site/hero-640.jpeg',
			'generated/site/constructor-640.jpg',
			'generated/site/hero.jpg',
			'portfolio/pond1/01-1280.avif',
			'portfolio/pond1/01-200.jpg',
			'portfolio/pond1/00-960.jpg',
			'portfolio/pond1/31-960.jpg',
			'portfolio/pond9/01-960.jpg',
			'portfolio/pond2/thumbnail.jpg',
			'portfolio/manifest.json',
			'products/unknown.jpg',
			'products/oa-aq-6000.webp',
			'products/oa-aq-6000-thumb.webp',
			'products/oa-aq-6000-thumb-thumb.jpg',
			'products/../generated/site/hero-640.jpg',
			'../package.json',
			'',
		])
			expect(demoImageFor(name, lookup), name).toBeUndefined()
	})
})
