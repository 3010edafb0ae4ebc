/**
 * How long a batch of background work rests between its chunks (issue 31's reminder scan). On two
 * cores the chunks compete with shoppers' requests for a processor, so the batch rests as long as
 * each chunk took (half the processor it would otherwise use), but only while the rest still fits
 * in its time budget: the work is never later than the budget because of its rests, and a batch
 * already too slow for it runs without any.
 */
export type Pace = {
	/** The time the batch may take, rests included. */
	budgetMs: number
	/** Since the batch began, rests included. */
	elapsedMs: number
	/** Time spent working so far, and in how many chunks. */
	workMs: number
	chunksDone: number
	/** Chunks still to do: at least one when the count is not known. */
	chunksLeft: number
}

/** The rest before the next chunk, in milliseconds (0: carry straight on). */
export function restBeforeNextChunk({
	budgetMs,
	elapsedMs,
	workMs,
	chunksDone,
	chunksLeft,
}: Pace): number {
	if (chunksDone === 0 || chunksLeft <= 0) return 0
	const perChunk = workMs / chunksDone
	// What the remaining chunks would take with no rests at all, and what is left of the budget.
	const spare = budgetMs - elapsedMs - perChunk * chunksLeft
	if (spare <= 0) return 0
	return Math.min(perChunk, spare / chunksLeft)
}
