import { startFakeStripe } from './fake-stripe'

// The fake Stripe server as a process, for the browser tests (playwright.config.ts starts it).
const fake = await startFakeStripe({
	port: Number(process.env.FAKE_STRIPE_PORT ?? 12111),
	webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL,
})
console.log(`fake Stripe listening on ${fake.url}`)
