import { describe, expect, it } from 'vitest'
import {
	codeKind,
	describeDevice,
	lastActiveText,
	normaliseBackupCode,
	SecondFactorCodeSchema,
	secondFactorRequired,
} from './second-factor'

describe('who must have a second factor before the admin opens', () => {
	const strict = { staffRequired: true }
	const relaxed = { staffRequired: false }
	it('always owners (and staff without a role yet count as owners), never customers', () => {
		expect(secondFactorRequired({ isAdmin: true, role: 'owner' }, relaxed)).toBe(true)
		expect(secondFactorRequired({ isAdmin: true, role: 'admin' }, relaxed)).toBe(true)
		expect(secondFactorRequired({ isAdmin: true }, relaxed)).toBe(true)
		expect(secondFactorRequired({ isAdmin: false, role: 'user' }, strict)).toBe(false)
	})
	it('other staff unless the owner relaxed it; test shops lift it for everyone', () => {
		expect(secondFactorRequired({ isAdmin: true, role: 'staff' }, strict)).toBe(true)
		expect(secondFactorRequired({ isAdmin: true, role: 'bookkeeper' }, relaxed)).toBe(false)
		expect(
			secondFactorRequired({ isAdmin: true, role: 'owner' }, { ...strict, relaxedForTests: true }),
		).toBe(false)
	})
})

describe('the code box', () => {
	it('takes 6 digits (spaces as apps show them) or a backup code, nothing else', () => {
		const parse = (code: string) => SecondFactorCodeSchema.safeParse({ code })
		expect(parse('123 456').data?.code).toBe('123456')
		expect(parse('abcde-12345').success).toBe(true)
		expect(parse('12345').success).toBe(false)
		expect(parse('1234567').success).toBe(false)
		expect(parse('').success).toBe(false)
		expect(codeKind('123456')).toBe('totp')
		expect(codeKind('abcde12345')).toBe('backup')
		expect(normaliseBackupCode('abcde12345')).toBe('abcde-12345')
	})
})

describe('devices in plain words', () => {
	it('names the browser and system', () => {
		expect(
			describeDevice(
				'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
			),
		).toBe('Safari on iPhone')
		expect(
			describeDevice(
				'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
			),
		).toBe('Edge on Windows')
		expect(
			describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'),
		).toBe('Firefox on Linux')
		expect(describeDevice('')).toBe('Unknown browser')
	})
	it('says roughly when it was last used', () => {
		const now = new Date('2026-12-02T12:00:00Z')
		expect(lastActiveText(new Date('2026-12-02T11:59:30Z'), now)).toBe('Active now')
		expect(lastActiveText(new Date('2026-12-02T11:45:00Z'), now)).toBe('Active 15 minutes ago')
		expect(lastActiveText(new Date('2026-12-02T09:00:00Z'), now)).toBe('Active 3 hours ago')
		expect(lastActiveText(new Date('2026-11-28T09:00:00Z'), now)).toBe('Active on 28 Nov 2026')
	})
})
