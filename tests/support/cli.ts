import { spawn } from 'node:child_process'

/** Runs a management command (`cli/<script>.ts`) as the README does; its exit code and output. */
export function runCli(script: string, args: string[], env: NodeJS.ProcessEnv) {
	return new Promise<{ code: number | null; out: string }>((resolve) => {
		const child = spawn('npx', ['tsx', `cli/${script}.ts`, ...args], {
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
		})
		let out = ''
		child.stdout.on('data', (chunk) => {
			out += chunk
		})
		child.stderr.on('data', (chunk) => {
			out += chunk
		})
		child.on('exit', (code) => resolve({ code, out }))
	})
}
