// bench:photos' owner: uploads the given photos at once and prints 'done <seconds>' as each has
// every variant served. Usage: tsx bench/photo-uploader.ts <url> <cookie> <file>...
import fs from 'node:fs'
import { uploadUntilReady } from './photo-upload'

const [url, cookie, ...files] = process.argv.slice(2)
if (!url || !cookie || files.length === 0)
	throw new Error('usage: photo-uploader <url> <cookie> <file>...')
await Promise.all(
	files.map(async (file) => {
		const { ready } = await uploadUntilReady(url, cookie, fs.readFileSync(file))
		console.log(`done ${(ready / 1000).toFixed(2)}`)
	}),
)
