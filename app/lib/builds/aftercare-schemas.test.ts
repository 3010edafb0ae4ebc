import { describe, expect, it } from 'vitest'
import { parseForm } from '~/lib/forms'
import {
	PortfolioDraftSchema,
	TestimonialRequestSchema,
	townFromAddress,
} from './aftercare-schemas'

describe('townFromAddress', () => {
	it('keeps the town and drops the street, house number and postcode', () => {
		expect(townFromAddress('12 Culduthel Road, Inverness')).toBe('Inverness')
		expect(townFromAddress('Rose Cottage, Mill Lane, Ripon, HG4 1AA')).toBe('Ripon')
		expect(townFromAddress('Flat 3\n40 Station Road\nHarrogate')).toBe('Harrogate')
	})

	it('gives nothing rather than a guess when there is no town part', () => {
		expect(townFromAddress('12 Culduthel Road')).toBe('')
		expect(townFromAddress('12 High Street, 2nd floor')).toBe('')
		expect(townFromAddress('')).toBe('')
	})
})

describe('PortfolioDraftSchema', () => {
	const base = {
		title: 'A koi pond by the patio',
		location: 'Inverness',
		description: 'Dug by hand.',
	}

	it('gathers the ticked photos and ignores unticked or foreign fields', () => {
		const form = parseForm(PortfolioDraftSchema, {
			...base,
			'photo.4': 'yes',
			'photo.9': 'yes',
			'photo.7': '',
			'photo.x': 'yes',
		})
		expect(form.ok && form.data.photoIds.sort()).toEqual([4, 9])
	})

	it('refuses a location with a house number or postcode', () => {
		const form = parseForm(PortfolioDraftSchema, { ...base, location: 'IV2 4AG' })
		expect(form.ok).toBe(false)
		expect(!form.ok && form.fieldErrors.location).toContain('town only')
	})
})

describe('TestimonialRequestSchema', () => {
	const base = {
		name: 'Morag F.',
		town: 'Inverness',
		text: 'They built us a lovely pond.',
		rating: '5',
	}

	it('needs consent to publish, and stores the rating in half stars', () => {
		const without = parseForm(TestimonialRequestSchema, base)
		expect(!without.ok && without.fieldErrors.consent).toBe(
			'Please tick the box to let us publish it',
		)
		const form = parseForm(TestimonialRequestSchema, { ...base, consent: 'yes' })
		expect(form.ok && form.data.rating).toBe(10)
	})

	it('refuses a rating off the list and a control character', () => {
		const form = parseForm(TestimonialRequestSchema, {
			...base,
			consent: 'yes',
			rating: '11',
			name: 'Mo\u0000rag',
		})
		expect(form.ok).toBe(false)
		expect(!form.ok && Object.keys(form.fieldErrors).sort()).toEqual(['name', 'rating'])
	})
})
