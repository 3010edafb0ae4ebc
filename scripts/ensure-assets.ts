// Generates every image the site needs (nothing is fetched from the internet); run before
// build, dev and start. Each step skips itself when its output is up to date, so a second start
// is instant. Add further generators (e.g. the portfolio's) to STEPS.
import { generatePortfolioImages } from './images/portfolio'
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
	{
		name: 'portfolio photos',
		run: () => generatePortfolioImages({ outDir: 'public/images/portfolio' }),
	},
]

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`
const started = Date.now()
for (const step of STEPS) {
	const stepStarted = Date.now()
	const { generated } = await step.run()
	console.log(
		generated > 0
			? `${step.name}: ${generated} files in ${seconds(stepStarted)}`
			: `${step.name}: up to date`,
	)
}
console.log(`assets ready in ${seconds(started)}`)
