import { describe, expect, it } from 'vitest'
import { normalisePostcode } from './delivery/postcode'
import { DELIVERY_MESSAGES, DeliverySchema } from './delivery-schema'
import { parseForm } from './forms'

const valid = {
	firstName: 'Morag',
	lastName: 'Mackenzie',
	address1: '12 Loch Road',
	address2: '',
	city: 'Inverness',
	postcode: 'iv2  3xy',
	phone: '01463 123456',
	email: '',
	notes: '',
}

const errorsFor = (value: Record<string, string>) => {
	const result = parseForm(DeliverySchema, value)
	return result.ok ? {} : result.fieldErrors
}

describe('delivery form rules', () => {
	it('accepts a complete form and normalises the postcode', () => {
		const result = DeliverySchema.parse(valid)
		expect(result.postcode).toBe('IV2 3XY')
	})

	it('names each missing required field with the spec message', () => {
		expect(
			errorsFor({
				...valid,
				firstName: '',
				lastName: ' ',
				address1: '',
				city: '',
				postcode: '',
				phone: '',
			}),
		).toEqual({
			firstName: DELIVERY_MESSAGES.firstName,
			lastName: DELIVERY_MESSAGES.lastName,
			address1: DELIVERY_MESSAGES.address1,
			city: DELIVERY_MESSAGES.city,
			postcode: DELIVERY_MESSAGES.postcode,
			phone: DELIVERY_MESSAGES.phone,
		})
	})

	it('checks phone characters and length (10 to 15)', () => {
		expect(errorsFor({ ...valid, phone: '12345' }).phone).toBe(DELIVERY_MESSAGES.phoneFormat)
		expect(errorsFor({ ...valid, phone: '01463 12345x' }).phone).toBe(DELIVERY_MESSAGES.phoneFormat)
		expect(errorsFor({ ...valid, phone: '+44 (0)1463-123456' }).phone).toBe(
			DELIVERY_MESSAGES.phoneFormat,
		)
		expect(errorsFor({ ...valid, phone: '+44 1463 123456' }).phone).toBeUndefined()
	})

	it('checks an optional email only when given, and UK postcodes', () => {
		expect(errorsFor({ ...valid, email: 'nope' }).email).toBe(DELIVERY_MESSAGES.email)
		expect(errorsFor({ ...valid, email: 'a@b.co' }).email).toBeUndefined()
		expect(errorsFor({ ...valid, postcode: '12345' }).postcode).toBe(
			DELIVERY_MESSAGES.postcodeFormat,
		)
		for (const ok of ['SW1A 1AA', 'm1 1ae', 'B33 8TH', 'EH1 1YZ'])
			expect(errorsFor({ ...valid, postcode: ok }).postcode, ok).toBeUndefined()
	})

	it('normalises spacing and case', () => {
		expect(normalisePostcode(' sw1a1aa ')).toBe('SW1A 1AA')
	})
})
