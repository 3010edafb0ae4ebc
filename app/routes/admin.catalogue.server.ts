import { mediaType, readBodyBytes } from '~/.server/http/read-body'
import { CSV_COLUMNS } from '~/lib/catalog/columns'
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from '~/lib/catalog/upload'
import { hasControlCharacters } from '~/lib/text-safety'

/** Room for the multipart boundaries and headers around the file itself. */
const FORM_OVERHEAD_BYTES = 64 * 1024

export type UploadedFile =
	| { ok: true; bytes: Buffer; fileName: string }
	| { ok: false; status: 400 | 413; error: string }

const expected = `The file must be a CSV with the columns ${CSV_COLUMNS.join(', ')}.`

/**
 * The file field of the upload form, read with its own limit (counted as it arrives) and
 * refused with a message the admin can act on.
 */
export async function readUploadedFile(request: Request): Promise<UploadedFile> {
	if (mediaType(request) !== 'multipart/form-data')
		return { ok: false, status: 400, error: 'Please choose a CSV file to upload.' }
	const bytes = await readBodyBytes(request, MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES)
	const tooLarge = `The file is larger than ${MAX_UPLOAD_LABEL}, the most the upload takes.`
	if (!bytes) return { ok: false, status: 413, error: tooLarge }
	let file: FormDataEntryValue | null
	try {
		const contentType = request.headers.get('content-type') ?? ''
		file = (await new Response(bytes, { headers: { 'content-type': contentType } }).formData()).get(
			'file',
		)
	} catch {
		return { ok: false, status: 400, error: 'The upload could not be read. Please try again.' }
	}
	if (!file || typeof file === 'string' || file.size === 0)
		return { ok: false, status: 400, error: 'The file is empty. Please choose a CSV file.' }
	if (file.size > MAX_UPLOAD_BYTES) return { ok: false, status: 413, error: tooLarge }
	// The name is stored with the upload and shown back: no control characters, a sane length.
	if (hasControlCharacters(file.name) || file.name.length > 255)
		return { ok: false, status: 400, error: 'Please rename the file (a short name ending .csv).' }
	if (!/\.(csv|txt)$/i.test(file.name))
		return { ok: false, status: 400, error: `"${file.name}" is not a CSV file. ${expected}` }
	return { ok: true, bytes: Buffer.from(await file.arrayBuffer()), fileName: file.name }
}
