import { describe, expect, it } from 'vitest'
import { type MorningSummary, summaryEmail } from './summary-email'

const summary = (at: string, waitingMinutes = [0]): MorningSummary => ({
	date: at.slice(0, 10),
	at: new Date(at),
	newRequests: 1,
	waiting: waitingMinutes.map((minutes, i) => ({
		id: `KP-0000${i}`,
		name: 'Isla Grant',
		minutes,
		overdue: false,
	})),
	expiringToday: [],
	toShip: [],
	openEnquiries: 0,
	flaggedPayments: [],
	builds: null,
})

const send = (s: MorningSummary) => summaryEmail(s, { siteUrl: 'https://shop.example' })

describe('the morning summary (issue 62 item 7)', () => {
	it('greets by the UK time of day it is sent', () => {
		// 'Send now' at 22:32 in December (GMT): no 'Good morning'.
		expect(send(summary('2026-12-01T22:32:00Z')).text).toMatch(/^Good evening/m)
		expect(send(summary('2026-12-01T22:32:00Z')).text).not.toContain('Good morning')
		expect(send(summary('2026-12-02T07:30:00Z')).text).toMatch(/^Good morning/m)
		// 11:30 UTC in July is 12:30 BST.
		expect(send(summary('2026-07-01T11:30:00Z')).text).toMatch(/^Good afternoon/m)
		// 04:30 UTC in July is 05:30 BST; in December it is 04:30 GMT, still evening's greeting.
		expect(send(summary('2026-07-01T04:30:00Z')).text).toMatch(/^Good morning/m)
		expect(send(summary('2026-12-01T04:30:00Z')).text).toMatch(/^Good evening/m)
	})

	it("says 'under an hour' for a wait shorter than a working hour, never '0 working minutes'", () => {
		const email = send(summary('2026-12-02T07:30:00Z', [0, 45, 125]))
		for (const body of [email.text, email.html]) {
			expect(body).not.toMatch(/working minute/)
			expect(body.match(/under an hour/g)).toHaveLength(2)
			expect(body).toContain('2 working hours')
		}
	})

	it('adds the pond builds part with what it has, and leaves it out when there is nothing', () => {
		const at = '2026-12-02T07:30:00Z'
		expect(send(summary(at)).text).not.toContain('Pond builds')
		const email = send({
			...summary(at),
			builds: {
				surveys: [
					{
						projectId: 'PB-7F3K9Q',
						startsAt: new Date('2026-12-02T09:30:00Z'),
						day: 'Today',
						district: 'IV2',
					},
				],
				quotes: { count: 0, pence: 0 },
				stages: [
					{
						projectId: 'PB-2M4N6P',
						label: 'Liner stage',
						amountPence: 625_000,
						dueAt: new Date('2026-11-30T10:00:00Z'),
						overdue: true,
					},
				],
			},
		})
		expect(email.text).toContain('Pond builds')
		expect(email.text).toMatch(/Today 09:30\s+PB-7F3K9Q · IV2/)
		expect(email.text).toMatch(/PB-2M4N6P · Liner stage · OVERDUE\s+£6,250\.00, due 30 Nov 2026/)
		expect(email.text).not.toContain('awaiting acceptance')
	})
})
