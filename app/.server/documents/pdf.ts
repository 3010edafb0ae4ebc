import fs from 'node:fs'
import path from 'node:path'
import PDFDocument from 'pdfkit'
import { formatDate } from '~/lib/dates'
import type { DocumentContent } from '~/lib/documents'
import { formatPence, formatUnitPence } from '~/lib/money'

/**
 * An invoice, receipt or credit note as an A4 PDF (pdfkit: pure JavaScript, no browser). Text is
 * real text in an embedded font that covers every European name (DejaVu Sans, subset), tagged for
 * screen readers (decision 0022).
 */
const FONT_DIR = path.resolve('assets/fonts')
let fonts: { regular: Buffer; bold: Buffer } | undefined
/** The documents' fonts, read once. */
const loadFonts = () =>
	(fonts ??= {
		regular: fs.readFileSync(path.join(FONT_DIR, 'DejaVuSans.ttf')),
		bold: fs.readFileSync(path.join(FONT_DIR, 'DejaVuSans-Bold.ttf')),
	})

export const POND = '#174a64'
export const INK = '#1e293b'
export const MUTED = '#475569'
export const LEFT = 50
export const WIDTH = 495 // A4 is 595 points wide; 50 each side

type Column = { label: string; width: number; align: 'left' | 'right' }

/** Tagged text: the options pdfkit takes, plus the font, size, colour and an optional place. */
type TextOptions = PDFKit.Mixins.TextOptions & {
	font?: 'body' | 'bold'
	size?: number
	color?: string
	/** With `x` alone, the text starts there on the current line (back to the margin). */
	x?: number
	y?: number
}

/**
 * A new A4 document in the shop's look (fonts, margins, tagged for screen readers, en-GB), its
 * bytes as a promise that settles when it ends, and `text` that writes one tagged element. The
 * invoices and credit notes here and the build quote (builds/quote-pdf.ts) start from it.
 */
export function startPdf(info: { Title: string; Author: string }) {
	const { regular, bold } = loadFonts()
	const doc = new PDFDocument({
		size: 'A4',
		margin: LEFT,
		tagged: true,
		lang: 'en-GB',
		displayTitle: true,
		pdfVersion: '1.7',
		info,
	})
	doc.registerFont('body', regular)
	doc.registerFont('bold', bold)
	const chunks: Buffer[] = []
	doc.on('data', (chunk: Buffer) => chunks.push(chunk))
	const done = new Promise<Buffer>((resolve, reject) => {
		doc.on('end', () => resolve(Buffer.concat(chunks)))
		doc.on('error', reject)
	})
	const text = (tag: 'H1' | 'H2' | 'P', value: string, options: TextOptions = {}) => {
		const { font = 'body', size = 10, color = INK, x, y, ...rest } = options
		doc.addStructure(
			doc.struct(tag, {}, () => {
				doc.font(font).fontSize(size).fillColor(color)
				if (x === undefined) doc.text(value, rest)
				else doc.text(value, x, y ?? doc.y, rest)
			}),
		)
	}
	return { doc, done, text }
}

export function renderDocumentPdf(content: DocumentContent): Promise<Buffer> {
	const { doc, done, text } = startPdf({
		Title: `${content.title} ${content.number}`,
		Author: content.seller.name,
	})

	// The seller, top left; what this is, top right.
	text('P', content.seller.name, { font: 'bold', size: 16, color: POND, x: LEFT, y: 50 })
	const sellerLines = [
		...content.seller.address,
		content.seller.phone,
		content.seller.email,
		...(content.seller.vatNumber ? [`VAT registration number: ${content.seller.vatNumber}`] : []),
	]
	text('P', sellerLines.join('\n'), { color: MUTED, lineGap: 2 })
	text('H1', content.title, {
		font: 'bold',
		size: 20,
		color: POND,
		x: 330,
		y: 50,
		width: 215,
		align: 'right',
	})
	const facts = [
		[
			content.title === 'Credit note' ? 'Credit note number' : `${content.title} number`,
			content.number,
		],
		['Date of issue', formatDate(content.issuedAt)],
		...(content.title === 'Receipt' ? [] : [['Tax point', formatDate(content.taxPoint)]]),
		// A pond build's documents carry its project number (decision 0038).
		[content.orderId.startsWith('PB-') ? 'Project' : 'Order', content.orderId],
		...(content.refersTo ? [['Corrects invoice', content.refersTo]] : []),
	]
	text('P', facts.map(([label, value]) => `${label}: ${value}`).join('\n'), {
		x: 330,
		y: 80,
		width: 215,
		align: 'right',
		lineGap: 2,
	})

	// The customer.
	const customerTop = Math.max(doc.y, 150) + 20
	// A receipt is not an invoice (no VAT number): it must not call itself one.
	const customerHeading =
		content.title === 'Credit note'
			? 'Credited to'
			: content.title === 'Receipt'
				? 'Receipt for'
				: 'Invoice to'
	text('H2', customerHeading, {
		font: 'bold',
		size: 11,
		color: POND,
		x: LEFT,
		y: customerTop,
	})
	text('P', [content.customer.name, ...content.customer.address].join('\n'), { lineGap: 2 })
	if (content.reason) text('P', `Reason: ${content.reason}`, { color: MUTED })

	// The lines.
	const vat = content.vatPence !== null
	const columns: Column[] = vat
		? [
				{ label: 'Description', width: 175, align: 'left' },
				{ label: 'Qty', width: 35, align: 'right' },
				{ label: 'Unit price excl. VAT', width: 80, align: 'right' },
				{ label: 'VAT rate', width: 50, align: 'right' },
				{ label: 'VAT', width: 70, align: 'right' },
				{ label: 'Total excl. VAT', width: 85, align: 'right' },
			]
		: [
				{ label: 'Description', width: 255, align: 'left' },
				{ label: 'Qty', width: 50, align: 'right' },
				{ label: 'Unit price', width: 90, align: 'right' },
				{ label: 'Total', width: 100, align: 'right' },
			]
	const cells = (line: DocumentContent['lines'][number]) =>
		vat
			? [
					line.description,
					String(line.quantity),
					formatUnitPence(line.unitNetPence),
					`${line.ratePercent ?? 0}%`,
					formatPence(line.vatPence),
					formatPence(line.netPence),
				]
			: [
					line.description,
					String(line.quantity),
					formatPence(line.unitGrossPence),
					formatPence(line.grossPence),
				]
	let y = doc.y + 20
	const table = doc.struct('Table')
	doc.addStructure(table)
	const row = (values: string[], { header = false } = {}) => {
		const heights = values.map((value, i) =>
			doc
				.font(header ? 'bold' : 'body')
				.fontSize(9)
				.heightOfString(value, { width: columns[i]!.width - 6 }),
		)
		const height = Math.max(...heights) + 8
		if (y + height > 760) {
			doc.addPage()
			y = 50
		}
		doc.markContent('Artifact')
		if (header) doc.rect(LEFT, y, WIDTH, height).fill('#eef7fb')
		doc.endMarkedContent()
		const tr = doc.struct('TR')
		table.add(tr)
		values.forEach((value, i) => {
			const x = LEFT + columns.slice(0, i).reduce((sum, c) => sum + c.width, 0)
			tr.add(
				doc.struct(header ? 'TH' : 'TD', {}, () => {
					doc
						.font(header ? 'bold' : 'body')
						.fontSize(9)
						.fillColor(header ? POND : INK)
						.text(value, x + 3, y + 4, { width: columns[i]!.width - 6, align: columns[i]!.align })
				}),
			)
		})
		tr.end()
		y += height
		doc.markContent('Artifact')
		doc
			.moveTo(LEFT, y)
			.lineTo(LEFT + WIDTH, y)
			.lineWidth(0.5)
			.strokeColor('#cbd5e1')
			.stroke()
		doc.endMarkedContent()
	}
	row(
		columns.map((c) => c.label),
		{ header: true },
	)
	for (const line of content.lines) row(cells(line))
	table.end()

	// The totals, right-aligned under the table.
	const totals: Array<[string, string]> = vat
		? [
				['Total excluding VAT', formatPence(content.netPence ?? 0)],
				[`VAT at ${content.lines[0]?.ratePercent ?? 20}%`, formatPence(content.vatPence ?? 0)],
				[
					content.title === 'Credit note'
						? 'Total credited including VAT'
						: content.account
							? 'Contract total including VAT'
							: 'Total including VAT',
					formatPence(content.grossPence),
				],
			]
		: [
				[
					content.title === 'Credit note' ? 'Total credited' : 'Total paid',
					formatPence(content.grossPence),
				],
			]
	y += 12
	for (const [index, [label, value]] of totals.entries()) {
		const last = index === totals.length - 1
		text('P', `${label}: ${value}`, {
			font: last ? 'bold' : 'body',
			size: last ? 11 : 10,
			x: LEFT,
			y,
			width: WIDTH,
			align: 'right',
		})
		y = doc.y + 4
	}
	// A final account: each payment received (its invoice) and the balance still to pay.
	if (content.account) {
		const account = [
			...content.account.payments.map((p): [string, string] => [
				`${p.label}, paid ${formatDate(p.paidAt)} (${p.number})`,
				`-${formatPence(p.amountPence)}`,
			]),
			['Balance to pay', formatPence(content.account.balancePence)] as [string, string],
		]
		text('H2', 'Payments received', { font: 'bold', size: 11, color: POND, x: LEFT, y: y + 12 })
		y = doc.y + 4
		for (const [index, [label, value]] of account.entries()) {
			const last = index === account.length - 1
			text('P', `${label}: ${value}`, {
				font: last ? 'bold' : 'body',
				size: last ? 11 : 10,
				x: LEFT,
				y,
				width: WIDTH,
				align: 'right',
			})
			y = doc.y + 4
		}
	}
	const footer =
		content.footer ??
		(content.title === 'Credit note'
			? 'This credit note reduces the amount of the invoice it corrects. The refund is paid back to the card used.'
			: content.title === 'Receipt'
				? 'Thank you for your order. We are not registered for VAT, so no VAT is charged.'
				: 'Thank you for your order. Paid in full by card.')
	text('P', footer, { color: MUTED, x: LEFT, y: y + 20, width: WIDTH })
	doc.end()
	return done
}
