import { data } from 'react-router'
import { projectAccessFor } from '~/.server/builds/project-access'
import { projectPhoto } from '~/.server/builds/project-photos'
import { PROJECT_NOT_FOUND } from '~/lib/builds/project-paths'
import type { Route } from './+types/account.projects.$buildId.photos.$photoId'

const ID = /^[1-9]\d{0,8}$/

/** A site photo, for the project's customer (owner or link) only; never cached or indexed. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
	const access = await projectAccessFor(request, context, params.buildId)
	const found =
		access && ID.test(params.photoId)
			? await projectPhoto(context.db, access.project.id, Number(params.photoId))
			: undefined
	if (!found) throw data(PROJECT_NOT_FOUND, { status: 404 })
	return new Response(new Uint8Array(found.bytes), {
		headers: {
			'Content-Type': found.contentType,
			'Cache-Control': 'private, no-store',
			'X-Robots-Tag': 'noindex',
			'X-Content-Type-Options': 'nosniff',
		},
	})
}
