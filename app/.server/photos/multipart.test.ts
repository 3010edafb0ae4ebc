import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import {
	MAX_PARTS,
	MAX_TEXT_BYTES,
	type SplitResult,
	splitMultipart,
	splitPostedForm,
} from './multipart.mjs'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-multipart-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))
let folders = 0

/** A form as a browser sends it (undici's serialiser): its bytes and Content-Type. */
async function posted(form: FormData) {
	const response = new Response(form)
	return {
		body: Buffer.from(await response.arrayBuffer()),
		type: response.headers.get('content-type')!,
	}
}

/** Reads `body` as a request's chunks arrive: no read goes past the next of `cuts`. */
function readerOf(body: Buffer, cuts: number[] = []) {
	const stops = cuts.filter((c) => c > 0 && c < body.length).sort((a, b) => a - b)
	let at = 0
	return async (into: Buffer, offset: number, length: number) => {
		const stop = stops.find((c) => c > at) ?? body.length
		const n = Math.min(length, stop - at)
		body.copy(into, offset, at, at + n)
		at += n
		return n
	}
}

/** Splits `body` into a folder of its own; the files it wrote, read back. */
async function split(body: Buffer, boundary: string, cuts?: number[], maxFiles = 10) {
	const dir = path.join(root, `form-${folders++}`)
	fs.mkdirSync(dir)
	const result = await splitMultipart(readerOf(body, cuts), boundary, {
		fileFields: ['photos'],
		maxFiles,
		fileFor: (n) => path.join(dir, `part.${n}`),
	})
	return { result, written: fs.readdirSync(dir).sort() }
}

const boundaryOf = (type: string) => /boundary=(.+)$/.exec(type)![1]!
const raw = (boundary: string, ...parts: string[]) =>
	Buffer.from([...parts.map((p) => `--${boundary}\r\n${p}\r\n`), `--${boundary}--\r\n`].join(''))
const text = (name: string, value: string) =>
	`Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`

describe('splitting a posted form as it is read', () => {
	it('reads every form as formData() does, however its chunks are cut', async () => {
		const entry = fc.oneof(
			fc.tuple(
				fc.constantFrom('problem', 'details', 'photos', 'a"b', 'x\r\ny', 'ünï'),
				fc.string(),
			),
			fc.tuple(
				fc.constantFrom('photos', 'other'),
				fc.uint8Array({ maxLength: 3000 }),
				fc.constantFrom('p.jpg', 'quo"te.jpg', 'line\nbreak.png', 'ğarden.webp', ''),
			),
		)
		await fc.assert(
			fc.asyncProperty(
				fc.array(entry, { maxLength: 6 }),
				fc.array(fc.nat(20_000), { maxLength: 12 }),
				async (entries, cuts) => {
					const form = new FormData()
					for (const [name, value, file] of entries)
						if (typeof value === 'string') form.append(name, value)
						else form.append(name, new Blob([value]), file)
					const { body, type } = await posted(form)
					const expected = await new Response(body, {
						headers: { 'content-type': type },
					}).formData()
					const { result } = await split(body, boundaryOf(type), cuts)
					if (!('fields' in result)) throw new Error(`refused: ${JSON.stringify(result)}`)
					const fields = [...expected].filter(([, v]) => typeof v === 'string')
					expect(result.fields).toEqual(fields)
					const files = [...expected].flatMap(([field, v]) =>
						typeof v !== 'string' && field === 'photos' && v.size > 0 ? [v] : [],
					)
					expect(result.files.map((f) => f.name)).toEqual(files.map((f) => f.name))
					for (const [i, file] of result.files.entries()) {
						const bytes = Buffer.from(await files[i]!.arrayBuffer())
						expect(file.size).toBe(bytes.length)
						expect(fs.readFileSync(file.file).equals(bytes)).toBe(true)
					}
				},
			),
			{ numRuns: 60 },
		)
	})

	it('finds a boundary cut across any two chunks, and reads past a preamble and an epilogue', async () => {
		const body = Buffer.concat([
			Buffer.from('This is the preamble.\r\n'),
			raw('b0und', text('problem', 'damage'), text('details', 'x'.repeat(300))),
			Buffer.from('an epilogue'),
		])
		for (let cut = 0; cut <= body.length; cut++) {
			const { result } = await split(body, 'b0und', [cut, cut + 1, cut + 7])
			expect(result).toEqual({
				fields: [
					['problem', 'damage'],
					['details', 'x'.repeat(300)],
				],
				files: [],
			})
		}
	})

	it('refuses what is no form: cut short, a part without a name, another boundary', async () => {
		const whole = raw('b', text('problem', 'damage'))
		const unreadable = { unreadable: true }
		expect((await split(whole.subarray(0, whole.length - 4), 'b')).result).toEqual(unreadable)
		expect((await split(raw('b', 'Content-Disposition: form-data\r\n\r\nx'), 'b')).result).toEqual(
			unreadable,
		)
		expect((await split(raw('b', '\r\nno headers'), 'b')).result).toEqual(unreadable)
		expect((await split(whole, 'other')).result).toEqual(unreadable)
		// Headers that never end are not collected without limit.
		const endless = Buffer.from(`--b\r\nX-Long: ${'a'.repeat(100_000)}`)
		expect((await split(endless, 'b', [5000, 9000])).result).toEqual(unreadable)
	})

	it('refuses text over its limit and forms of too many parts, unread beyond them', async () => {
		const long = raw('b', text('details', 'x'.repeat(MAX_TEXT_BYTES + 1)))
		expect((await split(long, 'b')).result).toEqual({ tooLarge: true })
		const many = raw('b', ...Array.from({ length: MAX_PARTS + 1 }, () => text('a', '')))
		expect((await split(many, 'b')).result).toEqual({ tooLarge: true })
	})

	it('writes non-empty files of the named field only, at most maxFiles, and no text of them', async () => {
		const file = (field: string, name: string, bytes: string) =>
			`Content-Disposition: form-data; name="${field}"; filename="${name}"\r\n\r\n${bytes}`
		// A browser sends an empty file input as a file with no name and no bytes.
		const body = raw(
			'b',
			file('photos', '', ''),
			...[1, 2, 3].map((i) => file('photos', `p${i}.jpg`, `photo ${i}`)),
			file('other', 'o.jpg', 'not kept'),
			text('problem', 'damage'),
		)
		const { result, written } = await split(body, 'b', [], 2)
		expect(result).toEqual({
			fields: [['problem', 'damage']],
			files: [
				expect.objectContaining({ field: 'photos', name: 'p1.jpg', size: 7 }),
				expect.objectContaining({ field: 'photos', name: 'p2.jpg', size: 7 }),
			],
		})
		expect(written).toEqual(['part.0', 'part.1'])
	})

	it('reads quoted boundaries and parameters in any order, and small url-encoded forms', async () => {
		const file = path.join(root, 'posted')
		const disposition = 'Content-Disposition: form-data; filename="a;b=c.jpg"; name="photos"'
		fs.writeFileSync(file, raw('x y', `${disposition}\r\nContent-Type: image/jpeg\r\n\r\nJPEG`))
		const options = { fileFields: ['photos'], maxFiles: 1, fileFor: () => `${file}.0` }
		const quoted: SplitResult = await splitPostedForm(
			file,
			'multipart/form-data; boundary="x y"',
			options,
		)
		expect(quoted).toEqual({
			fields: [],
			files: [{ field: 'photos', name: 'a;b=c.jpg', size: 4, file: `${file}.0` }],
		})
		fs.writeFileSync(file, 'problem=damage&details=a+crack%21')
		expect(await splitPostedForm(file, 'application/x-www-form-urlencoded', options)).toEqual({
			fields: [
				['problem', 'damage'],
				['details', 'a crack!'],
			],
			files: [],
		})
		fs.writeFileSync(file, 'details='.padEnd(MAX_TEXT_BYTES + 1, 'x'))
		expect(await splitPostedForm(file, 'application/x-www-form-urlencoded', options)).toEqual({
			tooLarge: true,
		})
		expect(await splitPostedForm(file, 'multipart/form-data', options)).toEqual({
			unreadable: true,
		})
	})
})
