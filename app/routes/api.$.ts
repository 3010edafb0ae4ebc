import { apiError, methodNotAllowed } from '~/.server/api/errors'

/** Any other /api/* path: GET is a 405 like the real callables, POST a 404 in the error shape. */
export const loader = methodNotAllowed

export function action() {
	return apiError('NOT_FOUND', 'There is no such API function.')
}
