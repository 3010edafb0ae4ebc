import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MAX_TEXT_BYTES } from './multipart.mjs'
import { photoWorker } from './photo-worker'
import { purgeStaleUploads, readPhotoForm } from './posted-form'

describe('upload folders left behind', () => {
	const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-uploads-'))
	afterAll(() => fs.rmSync(spoolDir, { recursive: true, force: true }))

	it('are removed after a day; a folder still in use is kept', async () => {
		const now = new Date()
		const stale = path.join(spoolDir, 'form-stale')
		const fresh = path.join(spoolDir, 'form-fresh')
		for (const dir of [stale, fresh]) {
			fs.mkdirSync(dir)
			fs.writeFileSync(path.join(dir, 'body'), 'half an upload')
		}
		const twoDaysAgo = new Date(now.getTime() - 2 * 86_400_000)
		fs.utimesSync(stale, twoDaysAgo, twoDaysAgo)
		expect(await purgeStaleUploads(spoolDir, now)).toBe(1)
		expect(fs.readdirSync(spoolDir)).toEqual(['form-fresh'])
		// No folder at all (no upload yet on this instance): nothing to do.
		expect(await purgeStaleUploads(path.join(spoolDir, 'missing'), now)).toBe(0)
	})
})

describe('reading a photo form', () => {
	const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-uploads-'))
	afterAll(() => fs.rmSync(spoolDir, { recursive: true, force: true }))
	const read = (body: FormData | string, type?: string) =>
		readPhotoForm(
			new Request('http://shop.test/upload', {
				method: 'POST',
				body,
				...(type ? { headers: { 'content-type': type } } : {}),
			}),
			{ limit: 64 * 1024 * 1024, fileField: 'photos', maxFiles: 5, spoolDir },
		)

	it('keeps the text and one file more than allowed, on disk in a folder of its own', async () => {
		const form = new FormData()
		form.append('problem', 'damage')
		for (let i = 0; i < 8; i++) form.append('photos', new Blob([`photo ${i}`]), `p${i}.jpg`)
		const posted = await read(form)
		expect(posted.values).toEqual({ problem: 'damage' })
		// One more than the five allowed, so the caller can say so; the rest were never written.
		expect(posted.files.map((f) => f.name)).toEqual([
			'p0.jpg',
			'p1.jpg',
			'p2.jpg',
			'p3.jpg',
			'p4.jpg',
			'p5.jpg',
		])
		expect(fs.readFileSync(posted.files[5]!.file, 'utf8')).toBe('photo 5')
		// The body is gone once split; only the files wait in the folder.
		expect(fs.readdirSync(posted.dir)).toHaveLength(6)
		fs.rmSync(posted.dir, { recursive: true })
	})

	it('answers 413 for too much text and 400 for no form, leaving no folder behind', async () => {
		const long = new FormData()
		long.append('details', 'x'.repeat(MAX_TEXT_BYTES + 1))
		await expect(read(long)).rejects.toMatchObject({ init: { status: 413 } })
		const cut = 'multipart/form-data; boundary=b'
		await expect(read('--b\r\nContent-Disposition: form-data\r\n\r\n', cut)).rejects.toMatchObject({
			init: { status: 400 },
		})
		expect(fs.readdirSync(spoolDir)).toEqual([])
	})

	it('removes the folder when the worker dies while it splits the form', async () => {
		const form = new FormData()
		for (let i = 0; i < 5; i++)
			form.append('photos', new Blob([new Uint8Array(8 * 1024 * 1024)]), `p${i}.jpg`)
		const reading = read(form)
		const failed = expect(reading).rejects.toThrow(/photo worker stopped/)
		// The split has begun once the first photo's file appears beside the body.
		const splitting = () =>
			fs.readdirSync(spoolDir).some((dir) => fs.existsSync(path.join(spoolDir, dir, 'body.0')))
		while (!splitting()) await new Promise((resolve) => setTimeout(resolve, 1))
		process.kill(photoWorker.pid!, 'SIGKILL')
		await failed
		expect(fs.readdirSync(spoolDir)).toEqual([])
	})
})
