import { requireAccess } from '~/.server/auth/guards'
import { documentDownload } from '~/.server/documents/download'
import type { Route } from './+types/admin.projects.$buildId.documents.$number'

/** GET /admin/projects/<id>/documents/<number>: a build's invoice, credit note or final account. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
	await requireAccess(request, context, 'admin/projects/:buildId/documents/:number')
	return documentDownload(context.db, params.buildId, params.number, 'project')
}
