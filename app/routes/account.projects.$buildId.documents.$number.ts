import { data } from 'react-router'
import { projectAccessFor } from '~/.server/builds/project-access'
import { documentDownload } from '~/.server/documents/download'
import { PROJECT_NOT_FOUND } from '~/lib/builds/project-paths'
import type { Route } from './+types/account.projects.$buildId.documents.$number'

/**
 * GET /account/projects/<id>/documents/<number>[?key=…]: a build's invoice, credit note or final
 * account (decision 0038), for whoever may see the project page; else the same 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
	const access = await projectAccessFor(request, context, params.buildId)
	if (!access) throw data(PROJECT_NOT_FOUND, { status: 404 })
	return documentDownload(context.db, access.project.id, params.number, 'project')
}
