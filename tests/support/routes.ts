import type { RouteConfigEntry } from '@react-router/dev/routes'
import routes from '~/routes'

export type RouteEntry = { path: string; file: string }

/** Every route in app/routes.ts with its full path (no leading slash), nested ones included. */
export function allRoutes(entries = routes as RouteConfigEntry[], parent = ''): RouteEntry[] {
	return entries.flatMap((entry) => {
		const path = [parent, entry.path ?? ''].filter(Boolean).join('/')
		return [{ path, file: entry.file }, ...allRoutes(entry.children ?? [], path)]
	})
}
