import { customType } from 'drizzle-orm/pg-core'

/** Binary data (photos): a Buffer in the app, bytea in the database. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array | Buffer }>({
	dataType: () => 'bytea',
	fromDriver: (value) => Buffer.from(value),
})
