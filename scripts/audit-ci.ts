// CI's dependency audit: `npm run audit` (production dependencies, high and critical advisories),
// read as JSON so that an advisory service that cannot be reached is a notice, not a failure.
import { spawn, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export type AuditOutcome =
	| { result: 'pass'; message: string }
	| { result: 'fail'; message: string }
	| { result: 'unavailable'; message: string }

type Report = {
	metadata?: { vulnerabilities?: Record<string, number> }
	error?: { code?: string; summary?: string }
	message?: string
	statusCode?: number
}

/** What `npm audit --json` said: findings at or above high fail; no report at all is a notice. */
export function classifyAudit(exitCode: number | null, stdout: string, stderr = ''): AuditOutcome {
	let report: Report | undefined
	try {
		report = JSON.parse(stdout) as Report
	} catch {
		report = undefined
	}
	const counts = report?.metadata?.vulnerabilities
	if (counts) {
		const high = (counts.high ?? 0) + (counts.critical ?? 0)
		const summary = Object.entries(counts)
			.filter(([name, n]) => name !== 'total' && n > 0)
			.map(([name, n]) => `${n} ${name}`)
			.join(', ')
		if (high > 0) return { result: 'fail', message: `advisories at high or above: ${summary}` }
		return { result: 'pass', message: summary ? `below high only: ${summary}` : 'no advisories' }
	}
	const reason =
		report?.error?.code ??
		report?.message ??
		stderr
			.split('\n')
			.filter((line) => line.startsWith('npm error'))
			.join(' ')
	if (exitCode === 0) return { result: 'pass', message: 'no advisories' }
	return {
		result: 'unavailable',
		message: `the advisory service could not be reached (${reason || `exit ${exitCode}`}); audit skipped`,
	}
}

export function runAudit(extraArgs: string[] = []): Promise<AuditOutcome> {
	const child = spawn('npm', ['run', '--silent', 'audit', '--', '--json', ...extraArgs])
	let stdout = ''
	let stderr = ''
	child.stdout.on('data', (chunk) => {
		stdout += chunk
	})
	child.stderr.on('data', (chunk) => {
		stderr += chunk
	})
	return new Promise((resolve) => {
		child.on('close', (code) => resolve(classifyAudit(code, stdout, stderr)))
	})
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const outcome = await runAudit(process.argv.slice(2))
	if (outcome.result === 'unavailable')
		console.log(`::notice:: dependency audit: ${outcome.message}`)
	else console.log(`dependency audit: ${outcome.message}`)
	if (outcome.result === 'fail') {
		// The readable report, for whoever has to fix it.
		spawnSync('npm', ['run', '--silent', 'audit', '--', ...process.argv.slice(2)], {
			stdio: 'inherit',
		})
		process.exit(1)
	}
}
