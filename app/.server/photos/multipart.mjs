// @ts-check
// A posted form split as it is read, a chunk at a time (issue 57 item 5): each file goes to a
// file of its own, and no whole form or whole part is ever held in memory. Plain JavaScript, like
// content-id.mjs: the photo worker (photo-worker-child.mjs) is forked as it is and runs it.
// It follows the HTML standard's multipart/form-data parser, as undici's formData() does, so a
// form reads the same as it did when the worker parsed it whole.
import fs from 'node:fs/promises'

/** Text fields of a photo form are a few words; together (names and values) at most this. */
export const MAX_TEXT_BYTES = 64 * 1024
/** Parts of any kind; a form of thousands of empty parts would otherwise grow the lists. */
export const MAX_PARTS = 1000
/** One part's headers; a browser sends about 150 bytes. */
const MAX_HEADER_BYTES = 8 * 1024
/**
 * The one buffer the form is read into, over and over: the splitter's memory, whatever the
 * form's size. A new buffer for each read (a stream's chunks) left tens of megabytes of them for
 * the garbage collector to find: 33 MB more at the peak of a 40 MB form (photo-worker.test.ts).
 */
const BUFFER_BYTES = 64 * 1024

const CRLF = Buffer.from('\r\n')
const BLANK_LINE = Buffer.from('\r\n\r\n')

/**
 * @typedef {import('./photo-worker').PostedFile} PostedFile
 * @typedef {{ fields: Array<[string, string]>, files: PostedFile[] }} SplitForm
 * @typedef {SplitForm | { unreadable: true } | { tooLarge: true }} SplitResult
 * @typedef {{
 *   fileFields: string[],
 *   maxFiles: number,
 *   fileFor: (index: number) => string,
 * }} SplitOptions
 * @typedef {(into: Buffer, offset: number, length: number) => Promise<number>} Reader reads up to
 *   `length` bytes into `into` at `offset`: how many, 0 at the end
 */

class Refused extends Error {
	/** @param {'unreadable' | 'tooLarge'} why */
	constructor(why) {
		super(why)
		this.why = why
	}
}

/**
 * The posted form in `file` (its request's Content-Type in `contentType`): its text fields, and
 * the non-empty files of `fileFields` written to `fileFor(0)`, `fileFor(1)` … — at most
 * `maxFiles` of them; later ones are read past unwritten (a caller passes one more than it
 * accepts, so it can say so). `{ unreadable: true }` when it is no form, `{ tooLarge: true }`
 * when its text or its parts go over the limits above.
 * @param {string} file
 * @param {string} contentType
 * @param {SplitOptions} options
 * @returns {Promise<SplitResult>}
 */
export async function splitPostedForm(file, contentType, options) {
	const type = contentType.split(';')[0]?.trim().toLowerCase()
	if (type === 'application/x-www-form-urlencoded') {
		// No files in such a form: only text, which is small or refused unread.
		if ((await fs.stat(file)).size > MAX_TEXT_BYTES) return { tooLarge: true }
		const params = new URLSearchParams(await fs.readFile(file, 'utf8'))
		return { fields: [...params], files: [] }
	}
	const boundary = type === 'multipart/form-data' ? boundaryOf(contentType) : undefined
	if (!boundary) return { unreadable: true }
	const input = await fs.open(file, 'r')
	try {
		return await splitMultipart(
			async (into, offset, length) => (await input.read(into, offset, length, null)).bytesRead,
			boundary,
			options,
		)
	} finally {
		await input.close()
	}
}

/**
 * The boundary parameter of a multipart Content-Type (1–70 characters, RFC 2046), or undefined.
 * @param {string} contentType
 */
export function boundaryOf(contentType) {
	const found = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i.exec(contentType)
	return found?.[1] ?? found?.[2]
}

/**
 * Splits a multipart body read by `read`. The live bytes (at most a part's headers, or the tail
 * that might begin a boundary) move to the front of one buffer and the next read goes after
 * them; a part's bytes go to its file straight from that buffer.
 * @param {Reader} read
 * @param {string} boundary
 * @param {SplitOptions} options
 * @returns {Promise<SplitResult>}
 */
export async function splitMultipart(read, boundary, options) {
	const form = new FormParts(options)
	// Each part ends at CRLF "--" boundary; a CRLF put in front lets the first one match too.
	const delimiter = Buffer.from(`\r\n--${boundary}`)
	const buffer = Buffer.alloc(BUFFER_BYTES)
	CRLF.copy(buffer)
	let start = 0
	let end = CRLF.length
	/** @type {'preamble' | 'next' | 'headers' | 'body' | 'done'} */
	let state = 'preamble'
	try {
		for (;;) {
			buffer.copyWithin(0, start, end)
			end -= start
			start = 0
			const got = await read(buffer, end, buffer.length - end)
			if (got === 0) break
			end += got
			while (state !== 'done') {
				const live = buffer.subarray(start, end)
				if (state === 'preamble' || state === 'body') {
					const at = live.indexOf(delimiter)
					// Without a boundary, all but what could be the start of one is the part's.
					const upTo = at >= 0 ? at : Math.max(0, live.length - delimiter.length + 1)
					if (state === 'body') await form.write(live.subarray(0, upTo))
					if (at < 0) {
						start += upTo
						break
					}
					if (state === 'body') await form.close()
					start += at + delimiter.length
					state = 'next'
				} else if (state === 'next') {
					// After a boundary: "--" ends the form; else optional padding and a line break.
					if (live.length < 2) break
					if (live[0] === 0x2d && live[1] === 0x2d) state = 'done'
					else {
						const eol = live.indexOf(CRLF)
						if (eol < 0 && live.length > 256) throw new Refused('unreadable')
						if (eol < 0) break
						if (!/^[ \t]*$/.test(live.toString('latin1', 0, eol))) throw new Refused('unreadable')
						start += eol + 2
						state = 'headers'
					}
				} else {
					// No headers at all is a line break at once; else they end at a blank line.
					const at = live.subarray(0, 2).equals(CRLF) ? -2 : live.indexOf(BLANK_LINE)
					if (at === -1 && live.length > MAX_HEADER_BYTES) throw new Refused('unreadable')
					if (at === -1) break
					await form.open(at < 0 ? '' : live.toString('latin1', 0, at))
					start += at + 4
					state = 'body'
				}
			}
			if (state === 'done') break // the epilogue is not read
		}
		// A body cut short (no closing boundary) is no form, as undici's formData() found.
		if (state !== 'done') throw new Refused('unreadable')
		return form.result()
	} catch (error) {
		if (!(error instanceof Refused)) throw error
		return error.why === 'tooLarge' ? { tooLarge: true } : { unreadable: true }
	} finally {
		await form.abandon()
	}
}

/** The parts as they are read: text collected (within its limit), files written as they come. */
class FormParts {
	/** @param {SplitOptions} options */
	constructor(options) {
		this.options = options
		/** @type {Array<[string, string]>} */
		this.fields = []
		/** @type {PostedFile[]} */
		this.files = []
		this.parts = 0
		this.textBytes = 0
		/** @type {{ field: string, name: string | undefined, text: Buffer[], size: number, file?: string, out?: import('node:fs/promises').FileHandle } | undefined} */
		this.part = undefined
	}

	/** @param {string} headers the part's header lines, as latin1 (one character a byte) */
	async open(headers) {
		if (++this.parts > MAX_PARTS) throw new Refused('tooLarge')
		const disposition = parameters(headerValue(headers, 'content-disposition') ?? '')
		const field = disposition?.get('name')
		if (field === undefined) throw new Refused('unreadable')
		const name = disposition?.get('filename') ?? disposition?.get('filename*')
		this.part = { field, name, text: [], size: 0 }
		if (name === undefined) this.count(Buffer.byteLength(field))
		else if (this.options.fileFields.includes(field) && this.files.length < this.options.maxFiles)
			this.part.file = this.options.fileFor(this.files.length)
	}

	/** @param {Buffer} bytes */
	async write(bytes) {
		const part = this.part
		if (!part || bytes.length === 0) return
		part.size += bytes.length
		if (part.name === undefined) {
			this.count(bytes.length)
			// Copied: the buffer it is cut from is read into again.
			part.text.push(Buffer.from(bytes))
		} else if (part.file) {
			// Opened on the first byte: an empty file input leaves no file behind.
			part.out ??= await fs.open(part.file, 'w')
			await part.out.write(bytes)
		}
	}

	async close() {
		const part = this.part
		if (!part) return
		this.part = undefined
		if (part.name === undefined) {
			this.fields.push([part.field, utf8(Buffer.concat(part.text))])
			return
		}
		if (!part.out || !part.file) return
		await part.out.close()
		this.files.push({ field: part.field, name: part.name, size: part.size, file: part.file })
	}

	/** @param {number} bytes */
	count(bytes) {
		this.textBytes += bytes
		if (this.textBytes > MAX_TEXT_BYTES) throw new Refused('tooLarge')
	}

	/** @returns {SplitForm} */
	result() {
		return { fields: this.fields, files: this.files }
	}

	/** A part left open by a refusal: its file is closed (the caller removes the folder). */
	async abandon() {
		await this.part?.out?.close().catch(() => {})
		this.part = undefined
	}
}

/**
 * A header's value from a part's header lines (names in any case), or undefined.
 * @param {string} headers
 * @param {string} name lower case
 */
function headerValue(headers, name) {
	for (const line of headers.split('\r\n')) {
		const colon = line.indexOf(':')
		if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === name)
			return line.slice(colon + 1).trim()
	}
	return undefined
}

/**
 * The parameters of a Content-Disposition value that starts `form-data`, read left to right (a
 * quoted value may hold `;` and `=`), each decoded as the HTML standard says: UTF-8, with the
 * browser's escapes %0A, %0D and %22 turned back into LF, CR and '"'. Undefined when it is not
 * form-data; reading stops at anything that is no parameter (a stray `;`).
 * @param {string} disposition latin1, one character a byte
 */
function parameters(disposition) {
	const start = /^\s*form-data\s*/iy
	if (!start.test(disposition)) return undefined
	const next = /;\s*([^\s=;"]+)\s*=\s*(?:"([^"]*)"|([^\s;"]*))\s*/y
	next.lastIndex = start.lastIndex
	/** @type {Map<string, string>} */
	const found = new Map()
	while (next.lastIndex < disposition.length) {
		const at = next.exec(disposition)
		if (!at) break
		const key = at[1]?.toLowerCase() ?? ''
		const value = utf8(Buffer.from(at[2] ?? at[3] ?? '', 'latin1'))
		if (!found.has(key))
			found.set(key, value.replace(/%0A/gi, '\n').replace(/%0D/gi, '\r').replace(/%22/g, '"'))
	}
	return found
}

/** @param {Buffer} bytes UTF-8, a leading byte-order mark dropped (as formData() does) */
const utf8 = (bytes) => new TextDecoder().decode(bytes)
