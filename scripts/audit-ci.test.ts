import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
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

describe('what the production audit covers (issue 57 item 12)', () => {
	/** Every package a server file imports at run time (type-only imports left out). */
	function runtimeImports() {
		const files = ['server.js']
		const walk = (dir: string) => {
			for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
				const full = path.join(dir, entry.name)
				if (entry.isDirectory()) walk(full)
				else if (/\.(m?js|tsx?)$/.test(entry.name) && !/\.test\.tsx?$|testbed/.test(entry.name))
					files.push(full)
			}
		}
		walk('app')
		walk('server')
		const packages = new Set<string>()
		// app/routes.ts is read by the build (React Router's route config), never run by the server.
		for (const file of files.filter((f) => f !== path.join('app', 'routes.ts'))) {
			const source = fs.readFileSync(file, 'utf8')
			for (const [, from] of source.matchAll(
				/^\s*(?:import(?!\s+type\b)[^'"]*?from\s*|import\s*\(?\s*|export\s[^'"]*?from\s*)['"]([^'"]+)['"]/gm,
			)) {
				if (!from || /^(?:\.|~\/|node:|virtual:)/.test(from)) continue
				const parts = from.split('/')
				packages.add(from.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!)
			}
		}
		return packages
	}

	it('covers every package the server imports: each is a production dependency', () => {
		const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
			dependencies: Record<string, string>
		}
		const missing = [...runtimeImports()].filter((name) => !(name in manifest.dependencies))
		// sharp decodes every hostile upload: as a devDependency, `npm audit --omit=dev` never saw it.
		expect(missing.sort()).toEqual([])
	})
})
