import { z } from 'zod'

/** The largest value a PostgreSQL `integer` column holds. */
export const INT4_MAX = 2_147_483_647

/**
 * The one schema for a whole number posted in a form or a query (issue 57 item 10): text coerced
 * to a number, whole, within `min`–`max`, and never beyond PostgreSQL's integer whatever `max`
 * says. `version=2147483648` passed `int().positive()` and reached the database, whose range
 * error was a 500; a number out of range is the form's own message, a 400. Every
 * `z.coerce.number` of the app goes through here (a test checks).
 */
export function wholeNumber(message: string, { min = 0, max = INT4_MAX } = {}) {
	return z.coerce
		.number({ error: message })
		.int(message)
		.min(min, message)
		.max(Math.min(max, INT4_MAX), message)
}

/** A row version from an editing form: the row as it was read (optimistic locking). */
export const rowVersion = (message = 'The form is out of date: please reload the page.') =>
	wholeNumber(message, { min: 1 })
