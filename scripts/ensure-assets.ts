// Generates every image the site needs (nothing is fetched from the internet); run before
// build, dev and start. Each step skips itself when its output is up to date, so a second start
// is instant. Add further generators to STEPS.
import { generatePortfolioImages } from './images/portfolio'
import { generateProductImages } from './images/products'
import { Progress } from './images/progress'
import { generateSiteImages } from './images/site'

type Report = (done: number, total: number) => void
type Step = { name: string; run: (onProgress: Report) => Promise<{ generated: number }> }

const STEPS: Step[] = [
	{
		name: 'site',
		run: (onProgress) => generateSiteImages({ outDir: 'public/images/generated/site', onProgress }),
	},
	{
		name: 'products',
		run: (onProgress) =>
			generateProductImages({
				csvFile: process.env.CATALOG_FILE ?? 'catalog/products.csv',
				publicDir: 'public',
				onProgress,
			}),
	},
	{
		name: 'portfolio',
		run: (onProgress) => generatePortfolioImages({ outDir: 'public/images/portfolio', onProgress }),
	},
]

const progress = new Progress((line) => console.log(line))
// All steps at once: each keeps a few images in flight on libuv's threads, and the steps' long
// tails (the hero image, the last portfolio photos) overlap instead of leaving a core idle.
const results = await Promise.all(
	STEPS.map((step) => step.run((done, total) => progress.update(step.name, done, total))),
)
const generated = results.reduce((sum, r) => sum + r.generated, 0)
console.log(progress.finish(generated))
