import type { Rollup } from 'vite'

/**
 * Rollup warnings a build of this shop always prints and that need no action, so that a real
 * warning is not lost among them (issue 34 item 8):
 * - EMPTY_BUNDLE: resource routes (CSV exports, the API, webhooks, robots.txt) have no component,
 *   so React Router's client build makes an empty chunk for each; nothing loads it.
 * - INVALID_ANNOTATION in node_modules: zod's sources carry explanatory comments beside
 *   `@__PURE__` that Rollup cannot place; it drops the comment and the code is unchanged.
 */
export function isExpectedBuildWarning(log: Pick<Rollup.RollupLog, 'code' | 'id'>) {
	if (log.code === 'EMPTY_BUNDLE') return true
	return log.code === 'INVALID_ANNOTATION' && (log.id ?? '').includes('/node_modules/')
}
