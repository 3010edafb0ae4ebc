import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { VersionOnlySchema } from './admin-order-schemas'
import { CatalogueActionSchema } from './catalog/upload-schema'
import { RequestUpdateSchema } from './request-schemas'
import { INT4_MAX, wholeNumber } from './whole-number'

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return sourceFiles(full)
		return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
	})
}

describe('whole numbers from forms and queries (issue 57 item 10)', () => {
	it('refuses 2147483648 as a catalogue version to restore, with the form’s message', () => {
		const restore = (version: string) =>
			CatalogueActionSchema.safeParse({ intent: 'restore', version })
		expect(restore('2147483647').success).toBe(true)
		for (const bad of ['2147483648', '99999999999999999999', '1e10', '-1', '0', '1.5', 'x']) {
			const result = restore(bad)
			expect(result.success, bad).toBe(false)
			expect(result.error?.issues[0]?.message, bad).toBe('This version is not known.')
		}
	})

	it('never passes a number beyond PostgreSQL’s integer, whatever the maximum asked for', () => {
		expect(
			wholeNumber('No', { max: Number.MAX_SAFE_INTEGER }).safeParse(INT4_MAX + 1).success,
		).toBe(false)
		expect(
			RequestUpdateSchema.safeParse({ version: String(INT4_MAX + 1), status: 'open' }).success,
		).toBe(false)
		expect(VersionOnlySchema.safeParse({ version: '2147483648' }).success).toBe(false)
	})

	it('is the one way a form or query number is read (no other z.coerce.number)', () => {
		const offenders = sourceFiles('app').filter(
			(file) =>
				!file.endsWith(path.join('lib', 'whole-number.ts')) &&
				// Settings are the operator's, parsed once at start, not a visitor's input.
				!file.endsWith(path.join('.server', 'env.ts')) &&
				/\bz\s*\.coerce\s*\.number\(/.test(fs.readFileSync(file, 'utf8')),
		)
		expect(offenders).toEqual([])
	})
})
