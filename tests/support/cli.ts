import { spawn } from 'node:child_process'

/**
 * Runs a management command (`cli/<script>.ts`) as the README does; its exit code and output.
 * With `input`, that text is its stdin (a pipe, not a terminal); without, stdin is closed.
 */
export function runCli(script: string, args: string[], env: NodeJS.ProcessEnv, input?: string) {
	return new Promise<{ code: number | null; out: string }>((resolve) => {
		// The process tier's bundle of the commands (tests/support/production-build.ts), else
		// `node --import tsx`, what `npx tsx` runs, without npx finding the package first.
		const bundle = process.env.KOI_TEST_COMMANDS
		const command = bundle ? [`${bundle}/${script}.mjs`] : ['--import', 'tsx', `cli/${script}.ts`]
		const child = spawn(process.execPath, [...command, ...args], {
			env,
			stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
		})
		let out = ''
		child.stdout!.on('data', (chunk) => {
			out += chunk
		})
		child.stderr!.on('data', (chunk) => {
			out += chunk
		})
		child.on('exit', (code) => resolve({ code, out }))
		if (input !== undefined) child.stdin!.end(input)
	})
}
