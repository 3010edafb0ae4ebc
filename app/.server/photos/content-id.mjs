// @ts-check
// An original photo's name in the store, in plain JavaScript so that the photo worker
// (photo-worker-child.mjs, forked as it is) and the server's code share one rule.
import crypto from 'node:crypto'

/**
 * The first 32 hex digits of the bytes' SHA-256: the same picture is one row, and its URLs never
 * change. The photo worker names each original it prepares so (hashing there spares the server's
 * thread).
 * @param {Uint8Array} bytes
 */
export const contentId = (bytes) =>
	crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32)
