import { sellerFor } from '~/.server/business/details'
import type { Db } from '~/.server/db/client'
import { adminDocumentPath, type ReportDocument } from '~/lib/books/book-document'
import { moneyReport } from '~/lib/books/money-report'
import { choosePeriod, hasEnded } from '~/lib/books/periods'
import { vatReturn } from '~/lib/books/vat-return'
import { closedPeriodsOverlapping } from './closed-periods'
import { reportDocuments } from './report-documents'
import { getBooksSettings } from './settings'

/** Whether the business is VAT registered now: a VAT number in /admin/settings or VAT_NUMBER. */
export async function isVatRegistered(db: Db, envVatNumber: string | undefined) {
	return (await sellerFor(db, envVatNumber)).vatNumber !== null
}

/**
 * What /admin/money shows for the period its query asks for: the money report, the VAT return's
 * figures (as stored, when the period was closed) and the documents behind them.
 */
export async function moneyPage(
	db: Db,
	params: URLSearchParams,
	options: { today: string; envVatNumber: string | undefined },
) {
	const settings = await getBooksSettings(db)
	const choice = choosePeriod(params, options.today, settings.quarterStartMonth)
	const { period } = choice
	const [documents, registered, closed] = await Promise.all([
		reportDocuments(db, period),
		isVatRegistered(db, options.envVatNumber),
		closedPeriodsOverlapping(db, period),
	])
	const exact = closed.find((c) => c.fromDate === period.from && c.toDate === period.to)
	const live = vatReturn(period, documents, registered)
	return {
		settings,
		choice,
		registered,
		report: moneyReport(period, documents),
		vat: exact ? exact.figures : live,
		closed: exact
			? { closedAt: exact.closedAt.toISOString(), closedBy: exact.closedBy, live }
			: null,
		overlapsClosed: exact ? [] : closed.map((c) => ({ from: c.fromDate, to: c.toDate })),
		canClose: !exact && !closed.length && hasEnded(period, options.today),
		documents: documents.map(listed),
	}
}

/** A document as the page lists it. */
function listed(doc: ReportDocument) {
	return {
		number: doc.number,
		kind: doc.kind,
		day: doc.day,
		customer: doc.customer,
		refersTo: doc.refersTo,
		grossPence: doc.grossPence,
		vatPence: doc.vatPence,
		href: adminDocumentPath(doc),
	}
}
