import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { fingerprint, IMAGE_MANIFESTS, upToDate } from './start.js'

const dirs: string[] = []
afterEach(() => {
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** A checkout that has been through a complete first start. */
function preparedCheckout() {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-start-'))
	dirs.push(root)
	const write = (file: string, text = 'x') => {
		fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
		fs.writeFileSync(path.join(root, file), text)
	}
	write('app/root.tsx')
	write('server.js')
	write('build/server/index.js')
	for (const manifest of IMAGE_MANIFESTS) write(manifest, '{}')
	write('build/.source-fingerprint', fingerprint(root))
	return { root, write }
}

describe('npm start: what a second start may skip', () => {
	it('skips everything when sources, build and images are as the last start left them', () => {
		expect(upToDate(preparedCheckout().root)).toBe(true)
	})

	it('prepares again after a source edit, but not after new images', () => {
		const { root, write } = preparedCheckout()
		write('public/images/portfolio/pond1/01-160.jpg', 'new picture')
		expect(upToDate(root)).toBe(true)
		write('app/root.tsx', 'edited')
		expect(upToDate(root)).toBe(false)
	})

	it('prepares again when images were deleted or a first start was cut short', () => {
		const { root } = preparedCheckout()
		fs.rmSync(path.join(root, IMAGE_MANIFESTS[2]!))
		expect(upToDate(root)).toBe(false)
		const other = preparedCheckout()
		fs.rmSync(path.join(other.root, 'build/.source-fingerprint'))
		expect(upToDate(other.root)).toBe(false)
	})
})
