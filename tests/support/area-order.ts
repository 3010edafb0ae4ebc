/**
 * The check behind structure-areas.test.ts (issue 58 item 2; app/.server/areas.ts): a file of
 * app/.server imports its own area and the areas below it, app/lib and app/data, nothing else.
 * Pure (it takes the import graph), so a test can run it on a planted violation.
 */
export const SERVER = 'app/.server/'
/** Below every area: pure rules shared with the browser, and static content. */
const SHARED = /^app\/(lib|data)\//
/** A test may drive any area to set up its case; the rule is for the code that ships. */
const TEST_CODE = /\.test\.tsx?$|-testbed\.ts$/

/** The area a file of app/.server belongs to: its folder, or 'core' for the files directly in it. */
export function areaOf(file: string) {
	const parts = file.slice(SERVER.length).split('/')
	return parts.length === 1 ? 'core' : parts[0]!
}

/** Every import that breaks the order, as 'file (area) → file (area)', with the reason. */
export function areaFindings(graph: ReadonlyMap<string, string[]>, areas: readonly string[]) {
	const rank = (file: string) => areas.indexOf(areaOf(file))
	const findings: string[] = []
	for (const [file, imports] of graph) {
		if (!file.startsWith(SERVER) || TEST_CODE.test(file)) continue
		const from = `${file} (${areaOf(file)})`
		if (rank(file) === -1) findings.push(`${from}: its area is not in the declared order`)
		for (const target of imports) {
			if (SHARED.test(target)) continue
			if (!target.startsWith(SERVER)) findings.push(`${from} → ${target}: outside app/.server`)
			else if (rank(target) === -1)
				findings.push(`${from} → ${target} (${areaOf(target)}): an area not in the order`)
			else if (rank(target) > rank(file))
				findings.push(`${from} → ${target} (${areaOf(target)}): a higher area`)
		}
	}
	return findings
}

/**
 * The same rule inside one area split into parts (app/.server/orders): a file in a part imports
 * its own part and the parts below it; a file of the area outside any declared part is a finding.
 */
export function partFindings(
	graph: ReadonlyMap<string, string[]>,
	area: string,
	parts: readonly string[],
) {
	const root = `${SERVER}${area}/`
	const partOf = (file: string) => file.slice(root.length).split('/')[0]!
	const rank = (file: string) => parts.indexOf(partOf(file))
	const findings: string[] = []
	for (const [file, imports] of graph) {
		if (!file.startsWith(root) || TEST_CODE.test(file)) continue
		const from = `${file} (${partOf(file)})`
		if (rank(file) === -1) findings.push(`${from}: not in a declared part of ${area}`)
		for (const target of imports)
			if (target.startsWith(root) && rank(target) > rank(file))
				findings.push(`${from} → ${target} (${partOf(target)}): a higher part`)
	}
	return findings
}
