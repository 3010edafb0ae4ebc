import type { Db } from '~/.server/db/client'
import { getDeliverySettings } from '~/.server/delivery/settings'
import { enqueueEmail } from '~/.server/email/outbox'
import type { PreparedPhoto } from '~/.server/orders/after-sale/request-photos'
import { readableId } from '~/.server/orders/lifecycle/order-id'
import type { BuildEnquiryInput } from '~/lib/builds/build-schemas'
import { describeArea, inServiceArea } from '~/lib/builds/service-area'
import { enquiryReceivedEmail, newBuildEnquiryEmail } from './build-emails'
import { insertProject } from './project-lifecycle'
import { issueProjectLink } from './project-links'
import { insertProjectPhotos } from './project-photos'
import { getBuildSettings } from './settings'

/** Whether the postcode is in the area the business builds in, and that area in words. */
export async function serviceAreaCheck(db: Db, postcode: string) {
	const [settings, delivery] = await Promise.all([getBuildSettings(db), getDeliverySettings(db)])
	return {
		inside: inServiceArea(settings.serviceArea, delivery, postcode),
		area: describeArea(settings.serviceArea, delivery),
	}
}

/**
 * A 'Plan a pond' enquiry (issue 59 item 1): the project, its photos, the first timeline entry
 * and both emails in one transaction. Answers the project and a private link for the browser
 * that sent it (the confirmation is the project page, where the survey is booked).
 */
export async function submitBuildEnquiry(
	db: Db,
	deps: { siteUrl: string },
	input: BuildEnquiryInput,
	photos: PreparedPhoto[],
	{ userId, outsideArea }: { userId: string | null; outsideArea: boolean },
) {
	const { anyway: _anyway, website: _website, ...fields } = input
	const project = { ...fields, id: readableId('PB'), userId, outsideArea }
	await db.transaction(async (tx) => {
		await insertProject(tx, project)
		await insertProjectPhotos(tx, project.id, photos)
		const now = new Date()
		const row = {
			...project,
			createdAt: now,
			updatedAt: now,
			version: 1,
			status: 'enquiry' as const,
			statusReason: '',
			surveyNotes: '',
		}
		await enqueueEmail(tx, newBuildEnquiryEmail(row, photos.length, deps.siteUrl))
		await enqueueEmail(tx, enquiryReceivedEmail(row))
	})
	const key = await issueProjectLink(db, project.id, 'confirmation')
	return { projectId: project.id, key }
}
