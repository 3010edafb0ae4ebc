/**
 * One CSV cell: quoted when it holds a comma, quote or line break, and defused when it starts
 * like a spreadsheet formula (=, +, -, @, tab, CR), which Excel would otherwise run.
 */
export function csvCell(value: string | number | null | undefined) {
	if (value === null || value === undefined) return ''
	let text = String(value)
	if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
	return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvRow(cells: ReadonlyArray<string | number | null | undefined>) {
	return `${cells.map(csvCell).join(',')}\r\n`
}
