import fs from 'node:fs/promises'
import path from 'node:path'
import { type Logger, printProgress } from '../logger'
import { type PhotoWorker, photoWorker } from '../photos/photo-worker'
import { exists, photoSlots } from '../photos/variants'
import { allDemoImages, type DemoImage, type DemoVariant, demoImageFor } from './catalogue'
import { type ProductPictures, productPictures } from './products'
import { Progress } from './progress'
import { drawingVersion } from './version'

/**
 * The site's drawn pictures, made on demand (decision 0028) by the same pipeline as uploaded
 * photos' variants (decision 0026): an image's original is drawn in the low-priority photo
 * worker on its first request, each variant is resized from that original on its own first
 * request, and both are cached on disk under `<root>/<drawing version>/`. Every file is written
 * under a temporary name and renamed, so a reader (this instance or another on the same folder)
 * finds a whole file or none; this instance makes each file once however many ask at once.
 * After 'ready' the server warms the rest in the background, one image at a time.
 */
export class DemoImages {
	private readonly making = new Map<string, Promise<void>>()
	private version: Promise<string> | undefined
	private products: { key: string; pictures: Promise<ProductPictures> } | undefined
	private stopped = false
	private named: { pictures: ProductPictures; serves: (name: string) => boolean } | undefined

	constructor(
		readonly root: string,
		private readonly catalogFile: string,
		private readonly worker: PhotoWorker = photoWorker,
	) {}

	/**
	 * The cached file for a path under /images (`portfolio/pond3/07-960.webp`), made if need be;
	 * undefined, with nothing drawn or written, for a name the site does not hand out.
	 */
	async file(name: string): Promise<string | undefined> {
		const pictures = name.startsWith('products/') ? await this.productPictures() : undefined
		const found = demoImageFor(name, (slug) => pictures?.bySlug.get(slug))
		if (!found) return undefined
		const base = await this.folder(found.image, pictures)
		const file = path.join(base, found.variant.path)
		if (!(await exists(file))) await this.make(found.image, [found.variant], base)
		return file
	}

	/**
	 * Whether a path under /images names a picture the site serves (drawn yet or not), for many
	 * paths; the same function while the catalogue file is unchanged (callers may cache by it).
	 */
	async namer() {
		const pictures = await this.productPictures()
		if (this.named?.pictures !== pictures)
			this.named = {
				pictures,
				serves: (name) => demoImageFor(name, (slug) => pictures.bySlug.get(slug)) !== undefined,
			}
		return this.named.serves
	}

	/**
	 * Makes every file not yet cached, the home page's pictures first, one image at a time through
	 * the photo worker's queue (uploads and shoppers' requests wait for one image at most). A
	 * stamp records a finished warm-up, so a second start checks nothing. Old drawings' folders
	 * are removed first.
	 */
	async warm(logger: Logger) {
		const version = await this.drawingVersion()
		const pictures = await this.productPictures()
		const stamp = path.join(this.root, version, `warm-${pictures.hash}`)
		if (await exists(stamp)) return { written: 0 }
		await this.removeOld(version, pictures.hash)
		const images = allDemoImages(pictures.bySlug)
		const progress = new Progress((line) => printProgress(logger, line), images.length, 15_000)
		let written = 0
		let drawn = 0
		for (const [index, image] of images.entries()) {
			if (this.stopped) return { written }
			const base = await this.folder(image, pictures)
			const missing: DemoVariant[] = []
			for (const variant of image.variants)
				if (!(await exists(path.join(base, variant.path)))) missing.push(variant)
			if (missing.length > 0) {
				await this.make(image, missing, base)
				written += missing.length
				drawn++
			}
			if (drawn > 0) progress.update(index + 1)
		}
		await fs.writeFile(stamp, `${new Date().toISOString()}\n`)
		printProgress(logger, progress.finish(drawn))
		return { written }
	}

	/** Stops a warm-up after the image in hand (the server is shutting down). */
	stop() {
		this.stopped = true
	}

	/** `variants` of `image`, drawing its original first if it is not cached. */
	private async make(image: DemoImage, variants: DemoVariant[], base: string) {
		const original = path.join(base, image.original)
		await this.once(original, async () => {
			if (await exists(original)) return
			await fs.mkdir(path.dirname(original), { recursive: true })
			await photoSlots.run(() =>
				this.worker.run({
					op: 'draw',
					drawing: image.drawing,
					to: original,
					output: image.originalEncoder,
				}),
			)
		})
		const files = variants.map((variant) => ({ ...variant, file: path.join(base, variant.path) }))
		// One job for the set (one decode of the original); each file is awaited by whoever asks.
		const key = files.map((f) => f.file).join('\n')
		await this.once(key, async () => {
			const missing: typeof files = []
			for (const output of files) if (!(await exists(output.file))) missing.push(output)
			if (missing.length === 0) return
			for (const dir of new Set(missing.map((m) => path.dirname(m.file))))
				await fs.mkdir(dir, { recursive: true })
			await photoSlots.run(() =>
				this.worker.run({
					op: 'variants',
					input: { file: original },
					decode: { resize: { width: image.width, withoutEnlargement: true }, flatten: '#ffffff' },
					outputs: missing.map(({ file, resize, format, options }) => ({
						file,
						resize,
						format,
						options,
					})),
				}),
			)
		})
	}

	/** Runs `work` once for `key` however many ask while it runs. */
	private once(key: string, work: () => Promise<void>) {
		let job = this.making.get(key)
		if (!job) {
			job = work().finally(() => this.making.delete(key))
			this.making.set(key, job)
		}
		return job
	}

	private drawingVersion() {
		this.version ??= drawingVersion()
		return this.version
	}

	/** The catalogue file's product pictures, read again when the file changes. */
	private async productPictures() {
		const stat = await fs.stat(this.catalogFile).catch(() => undefined)
		const key = stat ? `${stat.size}:${stat.mtimeMs}` : 'none'
		if (this.products?.key !== key)
			this.products = { key, pictures: productPictures(this.catalogFile) }
		return this.products.pictures
	}

	/** Products' pictures depend on the catalogue file too: a folder per file's content. */
	private async folder(image: DemoImage, pictures?: ProductPictures) {
		const base = path.join(this.root, await this.drawingVersion())
		if (image.drawing.family !== 'products') return base
		return path.join(base, `catalogue-${(pictures ?? (await this.productPictures())).hash}`)
	}

	/** Other drawing versions' folders, and other catalogue files' product pictures. */
	private async removeOld(version: string, catalogue: string) {
		const remove = async (dir: string, keep: (name: string) => boolean) => {
			for (const name of await fs.readdir(dir).catch(() => []))
				if (!keep(name)) await fs.rm(path.join(dir, name), { recursive: true, force: true })
		}
		// Only names this cache made: a folder shared with anything else keeps the rest.
		await remove(this.root, (name) => name === version || !/^[0-9a-f]{16}$/.test(name))
		await remove(path.join(this.root, version), (name) =>
			name.startsWith('catalogue-') ? name === `catalogue-${catalogue}` : true,
		)
	}
}

const instances = new Map<string, DemoImages>()

/** This process's demo-image cache for a folder (one per folder, shared by its apps). */
export function demoImagesFor(root: string, catalogFile: string) {
	const key = `${path.resolve(root)}\n${path.resolve(catalogFile)}`
	let found = instances.get(key)
	if (!found) {
		found = new DemoImages(path.resolve(root), path.resolve(catalogFile))
		instances.set(key, found)
	}
	return found
}
