import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
	CONTROL_CHARACTER_MESSAGE,
	hasControlCharacters,
	MALFORMED_TEXT_MESSAGE,
	safeText,
} from './text-safety'

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return sourceFiles(full)
		return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
	})
}

describe('safeText', () => {
	it('refuses NUL, other C0/C1 controls and DEL with a clear message', () => {
		for (const bad of ['Ann\u0000', 'a\u0007b', 'x\u001b[31m', 'del\u007f', 'c1\u0085']) {
			const result = safeText().safeParse(bad)
			expect(result.success, JSON.stringify(bad)).toBe(false)
			expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE)
		}
		expect(safeText().safeParse('Zoë O’Brien-Smith').success).toBe(true)
	})

	it('refuses a lone UTF-16 surrogate (PostgreSQL refuses it in JSONB) and keeps real emoji', () => {
		for (const bad of ['\udc00', 'notes \ud83d', '\ud83d\ud83d', 'x\udfff\u0000']) {
			const result = safeText({ allowLineBreaks: true }).safeParse(bad)
			expect(result.success, JSON.stringify(bad)).toBe(false)
			expect(result.error?.issues.map((i) => i.message)).toEqual([MALFORMED_TEXT_MESSAGE])
		}
		expect(safeText().safeParse('Koi 🐟 and 𝔭𝔬𝔫𝔡').success).toBe(true)
	})

	it('allows line breaks and tabs only where asked', () => {
		expect(safeText().safeParse('line\nbreak').success).toBe(false)
		expect(safeText({ allowLineBreaks: true }).safeParse('line\r\nbreak\tok').success).toBe(true)
		expect(hasControlCharacters('a\u0000b', { allowLineBreaks: true })).toBe(true)
	})

	it('removes Unicode format characters (RTL override, zero-width) but not an emoji’s joiner (issue 57 item 9)', () => {
		const parse = (v: string) => safeText({ allowLineBreaks: true }).parse(v)
		expect(parse('Ann\u202Egpj.exe')).toBe('Anngpj.exe')
		expect(parse('pay\u200Bpal \u2066x\u2069 \uFEFFsoft\u00ADhyphen\u200D')).toBe(
			'paypal x softhyphen',
		)
		expect(parse('Family 👨\u200D👩\u200D👧 pond')).toBe('Family 👨\u200D👩\u200D👧 pond')
		expect(safeText().trim().min(1).safeParse('\u200B\u200B').success).toBe(false)
		// A password is compared, never shown: kept exactly as typed.
		expect(safeText({ keepFormatCharacters: true }).parse('pass\u200Bword')).toBe('pass\u200Bword')
	})

	it('is the base of every string in every schema (no bare z.string())', () => {
		const offenders = sourceFiles('app').filter(
			(file) =>
				!file.endsWith(path.join('lib', 'text-safety.ts')) &&
				/\bz\s*\.string\(/.test(fs.readFileSync(file, 'utf8')),
		)
		expect(offenders).toEqual([])
	})
})
