import { INK, LEFT, MUTED, POND, startPdf, WIDTH } from '~/.server/documents/pdf'
import { STAGE_DUE_LABELS } from '~/lib/builds/quote-schemas'
import { QUOTE_STATUS_LABELS, type QuoteViewModel } from '~/lib/builds/quote-view'
import type { BusinessDetails } from '~/lib/business-details'
import { formatDate, formatDateTime } from '~/lib/dates'
import { formatPence } from '~/lib/money'

/**
 * A build quote as an A4 PDF (issue 59 item 4) in the invoices' look (documents/pdf.ts: the same
 * fonts, colours and margins, tagged for screen readers), from the same view as the page.
 */
const AMOUNT = 90

export function renderQuotePdf(
	view: QuoteViewModel,
	project: { id: string; name: string; address: string; postcode: string },
	seller: BusinessDetails,
): Promise<Buffer> {
	const { doc, done, text } = startPdf({
		Title: `Quote ${project.id} version ${view.version}`,
		Author: seller.tradingName,
	})
	const room = (height: number) => {
		if (doc.y + height > 780) doc.addPage()
	}
	/** A line of text with an amount on the right, on one baseline. */
	const amountRow = (label: string, amount: string, options: { font?: 'body' | 'bold' } = {}) => {
		room(30)
		const y = doc.y
		const font = options.font ?? 'body'
		doc.addStructure(
			doc.struct('P', {}, () => {
				doc.font(font).fontSize(10).fillColor(INK)
				doc.text(label, LEFT, y, { width: WIDTH - AMOUNT - 10 })
				const after = doc.y
				doc.text(amount, LEFT + WIDTH - AMOUNT, y, { width: AMOUNT, align: 'right' })
				doc.y = Math.max(after, doc.y) + 3
			}),
		)
	}

	text('P', seller.tradingName, { font: 'bold', size: 16, color: POND })
	text('P', [...seller.address, seller.phone, seller.email].join('\n'), {
		color: MUTED,
		lineGap: 2,
	})
	doc.moveDown()
	text('H1', `Quote: ${view.title}`, { font: 'bold', size: 18, color: POND })
	text(
		'P',
		[
			`Project ${project.id}, version ${view.version} (${QUOTE_STATUS_LABELS[view.status].toLowerCase()})`,
			`For ${project.name}, ${project.address}, ${project.postcode}`,
			`Valid until ${formatDate(view.validUntil)}`,
		].join('\n'),
		{ lineGap: 2 },
	)
	if (view.intro) {
		doc.moveDown(0.5)
		text('P', view.intro)
	}
	for (const section of view.sections) {
		doc.moveDown()
		room(40)
		text('H2', section.name, { font: 'bold', size: 12, color: POND, x: LEFT })
		for (const line of section.lines) {
			const option = line.optional
				? line.included
					? ' (option, chosen)'
					: ' (option, not chosen)'
				: ''
			amountRow(
				`${line.description}${option}\n${line.quantity} × ${formatPence(line.unitPence)}`,
				line.included ? formatPence(line.amountPence) : `(${formatPence(line.amountPence)})`,
			)
		}
		amountRow(`${section.name} subtotal`, formatPence(section.subtotalPence), { font: 'bold' })
	}
	doc.moveDown()
	amountRow('Total incl. VAT', formatPence(view.accepted?.totalPence ?? view.totalPence), {
		font: 'bold',
	})
	amountRow('VAT at 20% included', formatPence(view.vatPence))
	if (view.accepted)
		text(
			'P',
			`Accepted by ${view.accepted.name} on ${formatDateTime(view.accepted.at)}${view.accepted.earlyStart ? ', asking for work to start within the 14-day cancellation period' : ''}.`,
			{ x: LEFT },
		)
	doc.moveDown()
	text('H2', 'Payment schedule', { font: 'bold', size: 12, color: POND, x: LEFT })
	for (const stage of view.schedule)
		amountRow(`${stage.label}\n${STAGE_DUE_LABELS[stage.due]}`, formatPence(stage.amountPence))
	doc.moveDown()
	room(60)
	text('H2', 'Terms', { font: 'bold', size: 12, color: POND, x: LEFT })
	text('P', view.terms, { size: 9, lineGap: 1, x: LEFT, width: WIDTH })
	doc.end()
	return done
}
