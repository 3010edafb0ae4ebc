// Drizzle needs every table in one object; each feature's tables live in their own file.

export * from './analytics'
export * from './auth'
export * from './business'
export * from './catalog'
export * from './catalog-versions'
export * from './documents'
export * from './enquiries'
export * from './jobs'
export * from './order-links'
export * from './orders'
export * from './outbox'
export * from './payments'
