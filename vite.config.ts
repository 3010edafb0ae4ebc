import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { isExpectedBuildWarning } from './scripts/build-warnings'

export default defineConfig(({ isSsrBuild }) => ({
	resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
	build: {
		// Inlined assets would need 'unsafe-inline'/data: exceptions in the CSP.
		assetsInlineLimit: 0,
		rollupOptions: {
			...(isSsrBuild ? { input: './server/app.ts' } : {}),
			onwarn(warning, warn) {
				if (!isExpectedBuildWarning(warning)) warn(warning)
			},
		},
	},
	plugins: [tailwindcss(), reactRouter()],
}))
