import fs from 'node:fs'
import zlib from 'node:zlib'
import sharp from 'sharp'
import { uploadsDir } from '~/.server/photos/posted-form'
import type { TestApp } from './app'

/** A phone photo: turned sideways by its EXIF orientation, with the garden's GPS position. */
export async function phoneJpeg(width = 400, height = 200) {
	return sharp({ create: { width, height, channels: 3, background: '#3a7ca5' } })
		.jpeg()
		.withMetadata({ orientation: 6 })
		.withExif({
			IFD0: { Make: 'PhoneMaker', Model: 'Camera 12' },
			IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '57/1 28/1 0/1' },
		})
		.toBuffer()
}

/** A PNG whose header says 10,000 × 10,000 pixels, with almost no data behind it. */
export function pngBomb() {
	const chunk = (type: string, body: Buffer) => {
		const length = Buffer.alloc(4)
		length.writeUInt32BE(body.length)
		const typed = Buffer.concat([Buffer.from(type, 'latin1'), body])
		const crc = Buffer.alloc(4)
		crc.writeUInt32BE(zlib.crc32(typed))
		return Buffer.concat([length, typed, crc])
	}
	const ihdr = Buffer.alloc(13)
	ihdr.writeUInt32BE(10_000, 0)
	ihdr.writeUInt32BE(10_000, 4)
	ihdr.set([8, 2, 0, 0, 0], 8)
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', ihdr),
		chunk('IDAT', zlib.deflateSync(Buffer.alloc(30_001 * 4))),
		chunk('IEND', Buffer.alloc(0)),
	])
}

export const SVG = Buffer.from(
	'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
)
export const PDF = Buffer.from(
	'%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
)

/** An app's upload forms still on disk: none once their answers and variants are done. */
export async function spooledForms(app: TestApp) {
	const dir = uploadsDir(app.env)
	for (let waited = 0; waited < 10_000 && fs.readdirSync(dir).length > 0; waited += 50)
		await new Promise((resolve) => setTimeout(resolve, 50))
	return fs.readdirSync(dir)
}
