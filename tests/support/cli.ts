import { spawn } from 'node:child_process'

/**
 * Runs a management command (`cli/<script>.ts`) as the README does; its exit code and output.
 * With `input`, that text is its stdin (a pipe, not a terminal); without, stdin is closed.
 */
export function runCli(script: string, args: string[], env: NodeJS.ProcessEnv, input?: string) {
	return new Promise<{ code: number | null; out: string }>((resolve) => {
		// `node --import tsx` is what `npx tsx` runs, without npx finding the package first.
		const child = spawn(process.execPath, ['--import', 'tsx', `cli/${script}.ts`, ...args], {
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
