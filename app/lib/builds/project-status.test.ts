import { describe, expect, it } from 'vitest'
import {
	canBookSurvey,
	canMove,
	manualMoves,
	needsReason,
	PROJECT_MOVES,
	PROJECT_STATUSES,
} from './project-status'

describe('the pond build pipeline', () => {
	it('moves forward through the pipeline and nowhere from completed or cancelled', () => {
		expect(canMove('enquiry', 'survey_booked')).toBe(true)
		expect(canMove('surveyed', 'quoted')).toBe(true)
		expect(canMove('quoted', 'accepted')).toBe(true)
		expect(canMove('in_progress', 'completed')).toBe(true)
		expect(canMove('enquiry', 'completed')).toBe(false)
		expect(canMove('accepted', 'lost')).toBe(false)
		expect(PROJECT_MOVES.completed).toEqual([])
		expect(PROJECT_MOVES.cancelled).toEqual([])
		expect(canMove('lost', 'enquiry')).toBe(true)
	})

	it('names only real statuses in its table', () => {
		for (const to of Object.values(PROJECT_MOVES).flat()) expect(PROJECT_STATUSES).toContain(to)
	})

	it('leaves the survey moves to the booking', () => {
		expect(manualMoves('enquiry')).toEqual(['surveyed', 'lost', 'cancelled'])
		expect(manualMoves('survey_booked')).toEqual(['surveyed', 'lost', 'cancelled'])
		expect(manualMoves('quoted')).toContain('accepted')
	})

	it('asks a reason for lost and cancelled only', () => {
		expect(PROJECT_STATUSES.filter(needsReason)).toEqual(['lost', 'cancelled'])
	})

	it('books a survey only before it has happened', () => {
		expect(PROJECT_STATUSES.filter(canBookSurvey)).toEqual(['enquiry', 'survey_booked'])
	})
})
