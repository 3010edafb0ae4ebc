import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { PhotoWorker } from '../photos/photo-worker'
import { DemoImages } from './cache'

// Small pictures only: a testimonial avatar (160 px) and a category tile (800 × 600).
const AVATAR = 'generated/site/avatar-2-80.webp'
const TILE = 'generated/site/tile-pumps-400.jpg'

const dirs: string[] = []
const workers: PhotoWorker[] = []
afterAll(() => {
	for (const worker of workers) worker.stop()
	for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
})

/** An instance of the cache on `root` with a photo worker (a process) of its own. */
function instance(root = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-images-'))) {
	dirs.push(root)
	const worker = new PhotoWorker()
	workers.push(worker)
	return { root, worker, images: new DemoImages(root, 'catalog/products.csv', worker) }
}

/** Every file under `dir`, relative to it. */
const filesIn = (dir: string) =>
	(fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) =>
		fs.statSync(path.join(dir, f)).isFile(),
	)

describe('the demo pictures’ cache (decision 0028)', () => {
	it('draws nothing and writes nothing for a size or format that does not exist', async () => {
		const { root, worker, images } = instance()
		for (const name of ['generated/site/avatar-2-90.webp', 'generated/site/avatar-2-80.png'])
			expect(await images.file(name)).toBeUndefined()
		expect(filesIn(root)).toEqual([])
		expect(worker.pid).toBeUndefined()
	})

	it('two instances asking at once for one missing variant end with one whole file, the same bytes every time', async () => {
		const a = instance()
		const b = instance(a.root)
		const [first, second, again] = await Promise.all([
			a.images.file(AVATAR),
			b.images.file(AVATAR),
			a.images.file(AVATAR),
		])
		expect(second).toBe(first)
		expect(again).toBe(first)
		// The variant and its original, nothing half-written beside them.
		const files = filesIn(a.root)
		expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([])
		expect(files.filter((f) => f.endsWith('avatar-2-80.webp'))).toHaveLength(1)
		expect(await sharp(first!).metadata()).toMatchObject({ format: 'webp', width: 80, height: 80 })
		// Drawn again elsewhere, byte for byte the same: a race between writers cannot tear a file.
		const elsewhere = instance()
		const bytes = fs.readFileSync((await elsewhere.images.file(AVATAR))!)
		expect(bytes.equals(fs.readFileSync(first!))).toBe(true)
	})

	it('never leaves a partial file under the served name when the worker dies mid-write', async () => {
		const { root, worker, images } = instance()
		const asked = images.file(TILE)
		// Killed as soon as it starts: it is still drawing (or loading the drawings).
		while (worker.pid === undefined) await new Promise((resolve) => setTimeout(resolve, 2))
		process.kill(worker.pid, 'SIGKILL')
		await expect(asked).rejects.toThrow(/photo worker stopped/)
		const served = filesIn(root).filter((f) => !f.endsWith('.tmp'))
		expect(served).toEqual([])
		// A half-written file another process left behind is never taken for the picture.
		const file = path.join(root, fs.readdirSync(root)[0] ?? 'v', TILE)
		fs.mkdirSync(path.dirname(file), { recursive: true })
		fs.writeFileSync(`${file}.4242.abc.tmp`, Buffer.alloc(100))
		const made = await images.file(TILE)
		expect(made).toBe(file)
		expect(await sharp(made!).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 300 })
		expect(fs.statSync(made!).size).toBeGreaterThan(1000)
	})
})
