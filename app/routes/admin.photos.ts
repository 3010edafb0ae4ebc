import { redirect } from 'react-router'
import { requireAdmin } from '~/.server/auth/guards'
import { photoUploadAction } from '~/.server/photos/upload-action'
import type { Route } from './+types/admin.photos'

/** Photos are uploaded from an editor (products now, the portfolio later); nothing to show here. */
export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin(request, context)
	return redirect('/admin/products')
}

export async function action({ request, context }: Route.ActionArgs) {
	return photoUploadAction(request, context)
}
