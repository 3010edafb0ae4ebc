// Writes .br and .gz next to every built asset so the server never compresses them per request.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const DIR = 'build/client/assets'
const COMPRESSIBLE = /\.(js|css|svg|json|txt|map)$/

let count = 0
for (const name of fs.readdirSync(DIR)) {
	if (!COMPRESSIBLE.test(name)) continue
	const file = path.join(DIR, name)
	const body = fs.readFileSync(file)
	fs.writeFileSync(
		`${file}.br`,
		zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
	)
	fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }))
	count++
}
console.log(`precompressed ${count} assets`)
