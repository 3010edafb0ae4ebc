import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { purgeStaleUploads } from './posted-form'

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
