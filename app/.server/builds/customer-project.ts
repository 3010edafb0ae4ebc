import { currentBusinessDetails } from '~/.server/business/details'
import type { Db } from '~/.server/db/client'
import type { BuildProject } from '~/.server/db/schema'
import { projectPageChangesAt } from '~/lib/builds/project-page-moment'
import { canBookSurvey } from '~/lib/builds/project-status'
import { bookableDays } from '~/lib/builds/survey-slots'
import { aftercareOf, canSendTestimonial } from './aftercare'
import { paymentsFrom } from './payments-view'
import { projectPageRows } from './project-page-rows'
import { customerPageFrom } from './project-pages'
import { quoteListFrom } from './quote-pages'

/**
 * Everything the customer's project page reads (issue 59 item 3): the project and its timeline,
 * quotes, payments, after-care and the survey calendar's bookings in one statement
 * (project-page-rows.ts), and the business's phone (kept in memory). bench/builds.ts times this
 * (project page p99 ≤ 60 ms with 16 at once). `changesAt`: the next moment the clock alone changes
 * the page, until which its render may be replayed (project-page-moment.ts).
 */
export async function customerProjectData(
	db: Db,
	project: BuildProject,
	{ now, siteUrl }: { now: Date; siteUrl: string },
) {
	const [rows, business] = await Promise.all([
		projectPageRows(db, project.id, now),
		currentBusinessDetails(db),
	])
	const page = customerPageFrom(project, rows, now)
	const choosing = canBookSurvey(project.status) && (!page.booking || page.booking.canChange)
	const calendar = choosing ? bookableDays(rows.settings.survey, now, rows.taken) : []
	return {
		page,
		payments: paymentsFrom(rows, project, { siteUrl, now, forCustomer: true }),
		// Quotes (decision 0037): sent versions, newest first.
		quotes: quoteListFrom(rows.quotes, rows.lines, now),
		calendar,
		phone: business.phone,
		// After-care is read from the timeline's 'portfolio' and 'testimonial' entries.
		testimonial: canSendTestimonial(project, aftercareOf(rows.events)),
		changesAt: projectPageChangesAt({
			now,
			noticeHours: rows.settings.survey.noticeHours,
			calendar,
			booking: page.booking,
			quotes: rows.quotes,
		}),
	}
}
