import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { classifyAudit, runAudit } from './audit-ci'

/** A registry at the wire: the bulk advisory endpoint answers as told, everything else 404. */
let answer: { status: number; body: unknown } = { status: 200, body: {} }
const registry = http.createServer((req, res) => {
	req.resume()
	req.on('end', () => {
		if (!req.url?.includes('/advisories/bulk')) {
			res.statusCode = 404
			res.end('{}')
			return
		}
		res.statusCode = answer.status
		res.setHeader('content-type', 'application/json')
		res.end(JSON.stringify(answer.body))
	})
})
let registryUrl = ''
beforeAll(async () => {
	await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve))
	registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`
})
afterAll(() => {
	registry.close()
})

// npm caches what it worked out per advisory id: a new id for each answer.
let nextId = Date.now()
const advisory = (severity: string) => ({
	isbot: [
		{
			id: nextId++,
			url: 'https://advisories.invalid/1',
			title: 'Test advisory',
			severity,
			vulnerable_versions: '>=0.0.0',
			cwe: [],
			cvss: { score: 7.5, vectorString: null },
		},
	],
})

describe('npm run audit in CI', () => {
	it('fails on a high advisory in a production dependency', async () => {
		answer = { status: 200, body: advisory('high') }
		expect((await runAudit([`--registry=${registryUrl}`])).result).toBe('fail')
	})

	it('passes with advisories below high only', async () => {
		answer = { status: 200, body: advisory('moderate') }
		expect((await runAudit([`--registry=${registryUrl}`])).result).toBe('pass')
	})

	it('prints a notice, not a failure, when the advisory service answers an error', async () => {
		answer = { status: 503, body: {} }
		expect((await runAudit([`--registry=${registryUrl}`])).result).toBe('unavailable')
	})

	it('prints a notice when the service cannot be reached at all', async () => {
		const outcome = await runAudit(['--registry=http://127.0.0.1:9/', '--fetch-retries=0'])
		expect(outcome.result).toBe('unavailable')
	})

	it('reads npm audit --json as written', () => {
		const report = (high: number) =>
			JSON.stringify({ metadata: { vulnerabilities: { low: 1, high, critical: 0, total: 1 } } })
		expect(classifyAudit(1, report(2)).result).toBe('fail')
		expect(classifyAudit(0, report(0))).toEqual({
			result: 'pass',
			message: 'below high only: 1 low',
		})
		expect(classifyAudit(1, '', 'npm error code ENOTFOUND').result).toBe('unavailable')
	})
})
