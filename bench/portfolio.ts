// npm run bench:portfolio: the pond3 gallery (43 photos) on a 360 px phone — bytes transferred
// before the first photo is shown (Chromium via CDP), and Lighthouse mobile.
import os from 'node:os'
import { chromium } from 'playwright-core'
import { lighthouse, machine, startProductionServer, writeResultsSection } from './support'

const PORT = 4340
const server = await startProductionServer(PORT)
try {
	const browser = await chromium.launch({
		executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	})
	const context = await browser.newContext({
		viewport: { width: 360, height: 780 },
		deviceScaleFactor: 2,
		isMobile: true,
		hasTouch: true,
	})
	const page = await context.newPage()
	const cdp = await context.newCDPSession(page)
	await cdp.send('Network.enable')
	let bytes = 0
	const requests: string[] = []
	cdp.on('Network.loadingFinished', (event) => {
		bytes += event.encodedDataLength
	})
	cdp.on('Network.requestWillBeSent', (event) => {
		requests.push(event.request.url.replace(server.url, ''))
	})
	// Count everything transferred until the first gallery photo has been decoded and painted.
	await page.goto(`${server.url}/portfolio/pond3`, { waitUntil: 'commit' })
	await page.waitForFunction(() => {
		const img = document.querySelector<HTMLImageElement>('main picture img')
		return Boolean(img?.complete && img.naturalWidth > 0)
	})
	const beforeFirst = bytes
	const firstPhoto = await page.evaluate(() =>
		document
			.querySelector<HTMLImageElement>('main picture img')
			?.currentSrc.replace(location.origin, ''),
	)
	const requestsBefore = requests.length
	await page.waitForLoadState('networkidle')
	const total = bytes
	await browser.close()

	const lh = lighthouse(`${server.url}/portfolio/pond3`)
	const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`
	const body = `
Command: \`npm run bench:portfolio\` (${machine()}; Chromium at 360 × 780, DPR 2, no throttling; load average ${os.loadavg()[0]?.toFixed(1)}).

| Measure | Result | Target |
|---|---|---|
| Bytes transferred before the first photo of \`/portfolio/pond3\` is shown | **${kb(beforeFirst)}** in ${requestsBefore} requests (first photo: \`${firstPhoto}\`) | ≤ 300 KB |
| Everything transferred once the page is idle (lazy thumbnails in view, next photo preloaded) | ${kb(total)} | — |
| Lighthouse mobile \`/portfolio/pond3\` | ${lh} | ≥ 95, CLS 0 |
`
	writeResultsSection('Portfolio gallery', body)
	console.log(body)
} finally {
	await server.stop()
}
