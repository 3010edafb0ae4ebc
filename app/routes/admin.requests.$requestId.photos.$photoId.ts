import { data } from 'react-router'
import { requireAccess } from '~/.server/auth/guards'
import { requestPhoto } from '~/.server/orders/after-sale/staff-requests'
import type { Route } from './+types/admin.requests.$requestId.photos.$photoId'

const ID = /^[1-9]\d{0,8}$/

/** A problem report's photo, for staff only: customers' gardens are never cached or indexed. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
	await requireAccess(request, context, 'admin/requests/:requestId/photos/:photoId')
	const found =
		ID.test(params.requestId) && ID.test(params.photoId)
			? await requestPhoto(context.db, Number(params.requestId), Number(params.photoId))
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
