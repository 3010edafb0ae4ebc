import { and, eq, gt, inArray } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { type BuildProject, buildLinks, buildProjects } from '~/.server/db/schema'
import type { EmailBlock } from '~/.server/email/layout'
import {
	hashOrderLinkToken,
	newOrderLinkToken,
	ORDER_LINK_DAYS,
	ORDER_LINK_TOKEN_PATTERN,
} from '~/.server/email/order-link'
import type { ClaimedEmail, EmailMessage } from '~/.server/email/outbox'
import { PROJECT_ID_PATTERN } from '~/lib/builds/project-paths'

/**
 * The private link to a project page (issue 59 item 3), made as order links are (decision 0021):
 * a 256-bit token made when the email is sent (the queued row never holds a working link), only
 * its SHA-256 kept, valid 90 days, bound to one project. The enquiry's own confirmation gets one
 * at once, handed only to the browser that sent it.
 */
export const PROJECT_LINK_PLACEHOLDER = '{{private-project-link}}'
export const PROJECT_LINK_HEADER = 'X-Shop-Project-Link'

export const projectPageBlock = (): EmailBlock => ({
	type: 'button',
	text: 'View your project',
	href: PROJECT_LINK_PLACEHOLDER,
})

export function withProjectLink(projectId: string, message: EmailMessage): EmailMessage {
	return { ...message, headers: { ...message.headers, [PROJECT_LINK_HEADER]: projectId } }
}

export const projectPageUrl = (siteUrl: string, projectId: string, token: string) =>
	`${siteUrl}/account/projects/${projectId}?key=${token}`

export async function issueProjectLink(db: Db, projectId: string, kind: string, now = new Date()) {
	const token = newOrderLinkToken()
	await db.insert(buildLinks).values({
		tokenHash: hashOrderLinkToken(token),
		projectId,
		kind,
		createdAt: now,
		expiresAt: new Date(now.getTime() + ORDER_LINK_DAYS * 86_400_000),
	})
	return token
}

/** Just before sending: the marked project's link in place of the placeholder. */
export async function fillProjectLink(
	db: Db,
	siteUrl: string,
	email: ClaimedEmail,
	now = new Date(),
): Promise<ClaimedEmail> {
	const { [PROJECT_LINK_HEADER]: projectId, ...headers } = email.headers ?? {}
	if (!projectId) return email
	const url = projectPageUrl(
		siteUrl,
		projectId,
		await issueProjectLink(db, projectId, email.kind, now),
	)
	const fill = (body: string) => body.replaceAll(PROJECT_LINK_PLACEHOLDER, url)
	return { ...email, headers, html: fill(email.html), text: fill(email.text) }
}

export async function findProjectByLink(
	db: Db,
	projectId: string,
	key: string,
	now = new Date(),
): Promise<BuildProject | undefined> {
	return (await findProjectLink(db, projectId, key, now))?.project
}

/** The project an unexpired private link opens, and until when it opens it. */
export async function findProjectLink(db: Db, projectId: string, key: string, now = new Date()) {
	if (!PROJECT_ID_PATTERN.test(projectId) || !ORDER_LINK_TOKEN_PATTERN.test(key)) return undefined
	const [found] = await db
		.select({ project: buildProjects, expiresAt: buildLinks.expiresAt })
		.from(buildLinks)
		.innerJoin(buildProjects, eq(buildProjects.id, buildLinks.projectId))
		.where(
			and(
				eq(buildLinks.tokenHash, hashOrderLinkToken(key)),
				eq(buildLinks.projectId, projectId),
				gt(buildLinks.expiresAt, now),
			),
		)
	return found
}

/** UK GDPR erasure: every private link to the customer's projects stops working. */
export async function revokeProjectLinks(tx: Tx, projectIds: string[]) {
	if (projectIds.length)
		await tx.delete(buildLinks).where(inArray(buildLinks.projectId, projectIds))
}
