import { requireAccess } from '~/.server/auth/guards'
import type { Route } from './+types/admin.photos'
import { photoUploadAction } from './admin.photos.server'

/** Photos are uploaded from an editor (products now, the portfolio later); nothing to show here. */
export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAccess(request, context, 'admin/photos')
	return new Response(
		'Photos are uploaded from an editor: open a product in /admin/products to add its photos.',
		{ headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } },
	)
}

export async function action({ request, context }: Route.ActionArgs) {
	return photoUploadAction(request, context)
}
