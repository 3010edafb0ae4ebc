// Generates every image the site needs (nothing is fetched from the internet). Each step skips
// itself when its output is up to date, so a second start is instant.
import { generateProductImages } from './images/products'
import { generateSiteImages } from './images/site'

type Step = { name: string; run: () => Promise<{ generated: number }> }

const STEPS: Step[] = [
	{
		name: 'site images',
		run: () => generateSiteImages({ outDir: 'public/images/generated/site' }),
	},
	{
		name: 'product images',
		run: () =>
			generateProductImages({
				csvFile: process.env.CATALOG_FILE ?? 'catalog/products.csv',
				publicDir: 'public',
			}),
	},
]

for (const step of STEPS) {
	const started = Date.now()
	const { generated } = await step.run()
	if (generated > 0) {
		console.log(
			`${step.name}: ${generated} files in ${((Date.now() - started) / 1000).toFixed(1)} s`,
		)
	}
}
