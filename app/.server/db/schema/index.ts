// Drizzle needs every table in one object; each feature's tables live in their own file.
export * from './catalog'
export * from './outbox'
