import type { Config } from '@react-router/dev/config'

export default {
	ssr: true,
	// Each of React Router v8's changes, decided explicitly (an unset flag prints a warning at every
	// build). All stay off while the shop is on v7: v8 needs Node 22, and each changes behaviour
	// the shop relies on (the load context, request handling, data URLs). Revisit with the upgrade.
	future: {
		v8_middleware: false,
		v8_splitRouteModules: false,
		v8_viteEnvironmentApi: false,
		v8_passThroughRequests: false,
		v8_trailingSlashAwareDataRequests: false,
	},
} satisfies Config
