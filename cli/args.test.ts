import { describe, expect, it } from 'vitest'
import { parseCommandLine } from './args'

describe('the management commands’ flags (issue 58 item 6)', () => {
	it('refuse a mistyped flag instead of ignoring it: --dryrun is not a dry run', () => {
		expect(parseCommandLine('catalog:import', ['products.csv', '--dryrun'])).toEqual({
			ok: false,
			error: "Unknown option '--dryrun'",
		})
	})

	it('read the flags each command takes, and its file', () => {
		const parsed = parseCommandLine('catalog:import', ['products.csv', '--dry-run'])
		expect(parsed.ok && parsed.line.values).toEqual({ 'dry-run': true })
		expect(parsed.ok && parsed.line.positionals).toEqual(['products.csv'])
		const admin = parseCommandLine('admin:create', [
			'--email',
			'o@example.co.uk',
			'--password-stdin',
		])
		expect(admin.ok && admin.line.values).toEqual({
			email: 'o@example.co.uk',
			'password-stdin': true,
		})
	})

	it('refuse a flag without its value, a value for a switch, and an argument too many', () => {
		expect(parseCommandLine('admin:create', ['--email'])).toMatchObject({ ok: false })
		expect(parseCommandLine('db:restore', ['x.gz', '--yes=no'])).toMatchObject({ ok: false })
		expect(parseCommandLine('db:restore', ['x.gz', 'y.gz'])).toEqual({
			ok: false,
			error: 'Unexpected argument: y.gz',
		})
		expect(parseCommandLine('db:backup', ['--yes'])).toMatchObject({ ok: false })
	})
})
