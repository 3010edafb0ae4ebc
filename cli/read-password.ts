/**
 * The password for admin:create without putting it on the command line, where `ps` and the
 * shell history show it: ADMIN_PASSWORD, or `--password-stdin` (one line from a pipe), or a
 * prompt that does not echo when run at a terminal. `--password` still works for scripts.
 */
export async function readPassword(args: { password?: string; 'password-stdin'?: boolean }) {
	if (args.password !== undefined) return args.password
	const fromEnv = process.env.ADMIN_PASSWORD
	if (fromEnv) return fromEnv
	if (args['password-stdin'] === true) return firstLine(await readAll(process.stdin))
	if (process.stdin.isTTY) {
		const first = await promptHidden('Password for the admin account: ')
		const again = await promptHidden('The same password again: ')
		if (first !== again)
			throw new PasswordInputError('The two passwords differ; nothing was changed.')
		return first
	}
	return undefined
}

export class PasswordInputError extends Error {}

const firstLine = (text: string) => text.split(/\r?\n/)[0] ?? ''

async function readAll(stream: NodeJS.ReadStream) {
	let text = ''
	stream.setEncoding('utf8')
	for await (const chunk of stream) text += chunk
	return text
}

/** Reads one line from the terminal in raw mode, echoing nothing. */
function promptHidden(question: string) {
	const stdin = process.stdin
	process.stderr.write(question)
	return new Promise<string>((resolve, reject) => {
		let value = ''
		const done = (error?: Error) => {
			stdin.setRawMode(false)
			stdin.pause()
			stdin.off('data', onData)
			process.stderr.write('\n')
			if (error) reject(error)
			else resolve(value)
		}
		const onData = (chunk: string) => {
			for (const char of chunk) {
				if (char === '\r' || char === '\n') return done()
				if (char === '\u0003') return done(new PasswordInputError('Cancelled.'))
				if (char === '\u007f' || char === '\b') value = value.slice(0, -1)
				else value += char
			}
		}
		stdin.setEncoding('utf8')
		stdin.setRawMode(true)
		stdin.resume()
		stdin.on('data', onData)
	})
}
