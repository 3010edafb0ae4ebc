import { and, eq } from 'drizzle-orm'
import type { AppLoadContext } from 'react-router'
import { getSessionUser } from '~/.server/auth/guards'
import { type BuildProject, buildProjects } from '~/.server/db/schema'
import { PROJECT_ID_PATTERN } from '~/lib/builds/project-paths'
import { findProjectLink } from './project-links'

/**
 * Who may see a project (issue 59 item 3), as order pages (decision 0021): its signed-in owner,
 * or anyone with an unexpired private link to it. Everything else is the same undefined → 404.
 */
export type ProjectAccess = {
	project: BuildProject
	via: 'owner' | 'link'
	key: string | null
	/** When the private link stops opening the page (a link's visit only). */
	linkExpiresAt?: Date
}

export async function projectAccessFor(
	request: Request,
	context: AppLoadContext,
	projectId: string,
): Promise<ProjectAccess | undefined> {
	if (!PROJECT_ID_PATTERN.test(projectId)) return undefined
	const user = await getSessionUser(request, context)
	if (user) {
		const [owned] = await context.db
			.select()
			.from(buildProjects)
			.where(and(eq(buildProjects.id, projectId), eq(buildProjects.userId, user.id)))
		if (owned) return { project: owned, via: 'owner', key: null }
	}
	const key = new URL(request.url).searchParams.get('key')
	if (!key) return undefined
	const linked = await findProjectLink(context.db, projectId, key)
	return linked
		? { project: linked.project, via: 'link', key, linkExpiresAt: linked.expiresAt }
		: undefined
}
