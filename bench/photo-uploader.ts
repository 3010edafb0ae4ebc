// bench:photos' owner: uploads the given photos at once, printing 'start' as it sends them and
// 'done <seconds>' as each has every variant served.
// Usage: tsx bench/photo-uploader.ts <url> <cookie> <file>...
import fs from 'node:fs'
import { uploadUntilReady } from './photo-upload'

const [url, cookie, ...files] = process.argv.slice(2)
if (!url || !cookie || files.length === 0)
	throw new Error('usage: photo-uploader <url> <cookie> <file>...')
const jpegs = files.map((file) => fs.readFileSync(file))
console.log('start')
await Promise.all(
	jpegs.map(async (jpeg) => {
		const { ready } = await uploadUntilReady(url, cookie, jpeg)
		console.log(`done ${(ready / 1000).toFixed(2)}`)
	}),
)
