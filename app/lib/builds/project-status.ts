/**
 * A pond build's pipeline (issue 59, decision 0033): the statuses, the moves between them and
 * which of them staff make by hand. Every change goes through `changeProjectStatus()` on the
 * server, which checks the move here and writes it to the project's timeline.
 */
export const PROJECT_STATUSES = [
	'enquiry',
	'survey_booked',
	'surveyed',
	'quoted',
	'accepted',
	'in_progress',
	'completed',
	'lost',
	'cancelled',
] as const
export type ProjectStatus = (typeof PROJECT_STATUSES)[number]

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
	enquiry: 'Enquiry',
	survey_booked: 'Survey booked',
	surveyed: 'Surveyed',
	quoted: 'Quoted',
	accepted: 'Accepted',
	in_progress: 'In progress',
	completed: 'Completed',
	lost: 'Lost',
	cancelled: 'Cancelled',
}

/** The board's columns, in pipeline order; lost and cancelled are the two closed ends. */
export const PIPELINE: ProjectStatus[] = [
	'enquiry',
	'survey_booked',
	'surveyed',
	'quoted',
	'accepted',
	'in_progress',
	'completed',
]

/** Still being worked on: counted in the admin navigation. */
export const OPEN_STATUSES: ProjectStatus[] = [
	'enquiry',
	'survey_booked',
	'surveyed',
	'quoted',
	'accepted',
	'in_progress',
]

/** Every allowed move. Nothing leaves completed or cancelled; a lost project can be reopened. */
export const PROJECT_MOVES: Record<ProjectStatus, readonly ProjectStatus[]> = {
	enquiry: ['survey_booked', 'surveyed', 'lost', 'cancelled'],
	survey_booked: ['enquiry', 'surveyed', 'lost', 'cancelled'],
	surveyed: ['quoted', 'lost', 'cancelled'],
	quoted: ['accepted', 'surveyed', 'lost', 'cancelled'],
	accepted: ['in_progress', 'cancelled'],
	in_progress: ['completed', 'cancelled'],
	completed: [],
	lost: ['enquiry'],
	cancelled: [],
}

/** Moves made by a survey booking, never picked by hand (booking it, or cancelling it). */
const BY_BOOKING: ReadonlyArray<[ProjectStatus, ProjectStatus]> = [
	['enquiry', 'survey_booked'],
	['survey_booked', 'enquiry'],
]

export const canMove = (from: ProjectStatus, to: ProjectStatus) => PROJECT_MOVES[from].includes(to)

/** The moves staff choose from on a project's page. */
export function manualMoves(from: ProjectStatus): ProjectStatus[] {
	return PROJECT_MOVES[from].filter((to) => !BY_BOOKING.some(([a, b]) => a === from && b === to))
}

/** Lost and cancelled need a reason, kept on the project and its timeline. */
export const needsReason = (to: ProjectStatus) => to === 'lost' || to === 'cancelled'

/** A survey can be booked, moved or cancelled only before it has happened and while open. */
export const canBookSurvey = (status: ProjectStatus) =>
	status === 'enquiry' || status === 'survey_booked'

/** What the customer reads as the next step, in plain words (no made-up figures). */
export const NEXT_STEP: Record<ProjectStatus, string> = {
	enquiry:
		'Book a site survey below: we visit, measure up and talk the build through with you. Surveys are free within the area we cover.',
	survey_booked:
		'We will see you at the survey. After it we will send your itemised quote, usually within five working days.',
	surveyed: 'We will send your itemised quote after the survey, usually within five working days.',
	quoted:
		'Your quote is below: open it to choose any options, then accept it online and pay the deposit.',
	accepted: 'Thank you for accepting your quote. We will be in touch to agree the start date.',
	in_progress: 'Your build is under way. Stage payments will appear here as each stage is reached.',
	completed: 'Your pond is finished. Thank you for choosing us.',
	lost: 'This enquiry is closed. If you would like to pick it up again, call us.',
	cancelled: 'This project has been cancelled. If you think this is a mistake, call us.',
}
