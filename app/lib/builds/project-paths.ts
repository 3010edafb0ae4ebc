/** A project's addresses (issue 59): the page, with its private key when the visitor came by link. */
export const PROJECT_ID_PATTERN = /^PB-[2-9A-HJKMNP-Z]{6}$/

export const projectPath = (projectId: string, key: string | null, suffix = '') =>
	`/account/projects/${projectId}${suffix}${key ? `?key=${encodeURIComponent(key)}` : ''}`

/** The same answer for a missing project, someone else's, and a wrong or expired link. */
export const PROJECT_NOT_FOUND = 'Project not found'
