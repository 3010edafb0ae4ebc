// The page cache in the load context (server/app.ts spreads the runtime into it): a change every
// page shows (the business details in the header and footer) clears it.
declare module 'react-router' {
	interface AppLoadContext {
		pageCache: { clear(): void }
	}
}

export {}
