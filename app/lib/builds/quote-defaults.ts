import { DEFAULT_SCHEDULE } from './payment-schedule'
import type { QuoteContent } from './quote-schemas'

// What a new build quote starts with (issue 59 item 7, decision 0037).

/** Sections a build quote usually has, offered as suggestions (any name may be typed). */
export const COMMON_SECTIONS = [
	'Excavation',
	'Liner and construction',
	'Filtration',
	'Plumbing',
	'Electrics',
	'Landscaping',
] as const

/** The default terms: a plain summary of a UK build contract, with the 14-day right to cancel. */
export const DEFAULT_QUOTE_TERMS = [
	'This quote is for the work and materials listed, at the prices shown, which include VAT at 20%. It is valid until the date shown.',
	'Payment is due as set out in the payment schedule: the deposit on acceptance, stage payments as each stage is reached, and the balance on completion. Materials remain ours until paid for.',
	'You have the right to cancel this contract within 14 days of accepting it without giving a reason (Consumer Contracts Regulations 2013). To cancel, tell us clearly by email, letter or phone; we refund what you have paid within 14 days. If you ask us to start work within the 14 days and then cancel, you pay for the work done up to the time you tell us.',
	'We agree the start date with you. Dates can move with the weather and ground conditions; we will keep you informed. Hidden obstacles found on digging (rock, services, contaminated ground) are priced separately and agreed with you before we continue.',
	'Please make sure we have safe access to the site and the use of water and electricity. We remove our waste unless the quote says otherwise.',
	'Our workmanship is guaranteed for 12 months from completion; equipment carries its maker’s warranty. Your statutory rights are not affected: the work will be done with reasonable care and skill.',
].join('\n\n')

/** A blank quote: no lines yet, the usual schedule and the default terms. */
export const blankContent = (title: string): QuoteContent => ({
	title,
	intro: '',
	terms: DEFAULT_QUOTE_TERMS,
	schedule: DEFAULT_SCHEDULE,
	lines: [],
})
