import { data } from 'react-router'
import { requireAccess } from '~/.server/auth/guards'
import { projectPhoto } from '~/.server/builds/project-photos'
import { PROJECT_ID_PATTERN } from '~/lib/builds/project-paths'
import type { Route } from './+types/admin.projects.$buildId.photos.$photoId'

const ID = /^[1-9]\d{0,8}$/

/** A project's site photo, for staff only: customers' gardens are never cached or indexed. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
	await requireAccess(request, context, 'admin/projects/:buildId/photos/:photoId')
	const found =
		PROJECT_ID_PATTERN.test(params.buildId) && ID.test(params.photoId)
			? await projectPhoto(context.db, params.buildId, Number(params.photoId))
			: undefined
	if (!found) throw data('Photo not found', { status: 404 })
	return new Response(new Uint8Array(found.bytes), {
		headers: {
			'Content-Type': found.contentType,
			'Cache-Control': 'private, no-store',
			'X-Robots-Tag': 'noindex',
			'X-Content-Type-Options': 'nosniff',
		},
	})
}
