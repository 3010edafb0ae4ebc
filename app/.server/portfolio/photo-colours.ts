import colours from './photo-colours.json'

/**
 * Each demo photo's dominant colour, shown while the photo loads. Derived from the drawings by
 * scripts/images/colours.ts and committed (decision 0028), so no page waits for a photo to be drawn;
 * scripts/images/colours.test.ts checks the file against a fresh drawing.
 */
export function photoColours(projectId: string): readonly string[] {
	return (colours as Record<string, string[] | undefined>)[projectId] ?? []
}
