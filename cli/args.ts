import { type ParseArgsConfig, parseArgs } from 'node:util'

type Options = NonNullable<ParseArgsConfig['options']>

/**
 * Each command's flags. Parsed strictly: an unknown or mistyped flag (`--dryrun` for `--dry-run`)
 * is an error, never ignored — a mistyped dry run must not import for real.
 */
export const COMMAND_OPTIONS = {
	'admin:create': {
		email: { type: 'string' },
		'promote-existing': { type: 'boolean' },
		password: { type: 'string' },
		'password-stdin': { type: 'boolean' },
	},
	'catalog:import': { 'dry-run': { type: 'boolean' }, force: { type: 'boolean' } },
	'db:backup': {},
	'db:restore': { yes: { type: 'boolean' } },
	'db:move-to-postgres': {},
} as const satisfies Record<string, Options>

/** How many plain arguments (files, URLs) each command takes. */
const POSITIONALS: Record<keyof typeof COMMAND_OPTIONS, number> = {
	'admin:create': 0,
	'catalog:import': 1,
	'db:backup': 1,
	'db:restore': 1,
	'db:move-to-postgres': 1,
}

export type CommandLine<C extends keyof typeof COMMAND_OPTIONS> = ReturnType<
	typeof parseArgs<{ options: (typeof COMMAND_OPTIONS)[C]; allowPositionals: true; strict: true }>
>

/** The command's flags and plain arguments, or what is wrong with them in words. */
export function parseCommandLine<C extends keyof typeof COMMAND_OPTIONS>(
	command: C,
	argv: string[],
): { ok: true; line: CommandLine<C> } | { ok: false; error: string } {
	try {
		const line = parseArgs({
			args: argv,
			options: COMMAND_OPTIONS[command],
			allowPositionals: true,
			strict: true,
		}) as CommandLine<C>
		const most = POSITIONALS[command]
		if (line.positionals.length > most)
			return { ok: false, error: `Unexpected argument: ${line.positionals[most]}` }
		return { ok: true, line }
	} catch (error) {
		// Node's own words (`Unknown option '--dryrun'`), without its advice on positionals.
		return { ok: false, error: (error as Error).message.split('. ')[0]!.replace(/\.$/, '') }
	}
}

/** As parseCommandLine; on a mistake, prints it with the usage and exits 2 (a usage error). */
export function commandLine<C extends keyof typeof COMMAND_OPTIONS>(
	command: C,
	usage: string,
	argv = process.argv.slice(2),
): CommandLine<C> {
	const parsed = parseCommandLine(command, argv)
	if (parsed.ok) return parsed.line
	console.error(`${parsed.error}.\n${usage}`)
	process.exit(2)
}
