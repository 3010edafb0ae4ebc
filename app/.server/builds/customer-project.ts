import { currentBusinessDetails } from '~/.server/business/details'
import type { Db } from '~/.server/db/client'
import type { BuildProject } from '~/.server/db/schema'
import { canBookSurvey } from '~/lib/builds/project-status'
import { aftercareFor, canSendTestimonial } from './aftercare'
import { paymentsView } from './payments-view'
import { customerProjectPage, surveyCalendar } from './project-pages'
import { quoteList } from './quote-pages'

/**
 * Everything the customer's project page reads (issue 59 item 3), at once: the project and its
 * timeline, quotes, payments and after-care, the business's phone, and the survey calendar when
 * a time can be chosen. bench/builds.ts times this (project page p99 ≤ 60 ms with 16 at once).
 */
export async function customerProjectData(
	db: Db,
	project: BuildProject,
	{ now, siteUrl }: { now: Date; siteUrl: string },
) {
	const [page, aftercare, payments, quotes, business] = await Promise.all([
		customerProjectPage(db, project, now),
		aftercareFor(db, project.id),
		paymentsView(db, project, { siteUrl, now, forCustomer: true }),
		// Quotes (decision 0037): sent versions, newest first.
		quoteList(db, project.id, now, false),
		currentBusinessDetails(db),
	])
	const choosing = canBookSurvey(project.status) && (!page.booking || page.booking.canChange)
	return {
		page,
		payments,
		quotes,
		calendar: choosing ? await surveyCalendar(db, now) : [],
		phone: business.phone,
		testimonial: canSendTestimonial(project, aftercare),
	}
}
