import { requireUser } from '~/.server/auth/guards'
import { exportPersonalData } from '~/.server/privacy/personal-data'
import type { Route } from './+types/auth.my-data'

/** 'Download my data': the customer's profile and orders as a JSON file (UK GDPR access right). */
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = await requireUser(request, context)
	const body = JSON.stringify(await exportPersonalData(context.db, user.id), null, 2)
	return new Response(body, {
		headers: {
			'Content-Type': 'application/json; charset=utf-8',
			'Content-Disposition': 'attachment; filename="highland-koi-my-data.json"',
			'Cache-Control': 'private, no-store',
		},
	})
}
