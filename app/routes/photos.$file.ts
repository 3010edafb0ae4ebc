import { photoResponse } from '~/.server/photos/serve'
import { photoVariantsFor } from '~/.server/photos/variants'
import type { Route } from './+types/photos.$file'

/** An uploaded photo's variant (decision 0026): the same bytes from every instance, cached a year. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
	if (request.headers.get('if-none-match') === `"${params.file}"`)
		return new Response(null, { status: 304 })
	return photoResponse(photoVariantsFor(context.db, context.env.PHOTO_CACHE_DIR), params.file)
}
