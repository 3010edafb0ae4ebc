// Memory settings for the production server (docs/decisions/0013-lean-embedded-database.md).
// Node reads them only when a process starts: `npm start` (scripts/start.js) passes them to the
// server it spawns, and server.js started without them starts itself again with them.

/**
 * V8 otherwise lets the heap grow to whatever the busiest moment needed and keeps it: a smaller
 * young generation and an old-generation ceiling make it collect sooner. 192 MB leaves room for
 * the 50,000-product read model and an upload being parsed beside it.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=192']

/**
 * glibc gives every thread that allocates (zlib/brotli compression, PGlite's file I/O) its own
 * malloc arena of up to 64 MB; two are enough for a two-core machine. It also raises its mmap
 * threshold each time a large block is freed, up to 32 MB, and then keeps up to twice that freed
 * but resident; a fixed 128 KB threshold returns large blocks to the system when they are freed
 * (11 MB less after the order load, no measurable CPU cost). KOI_SERVER_TUNED marks a process that
 * already has these settings.
 */
export const SERVER_ENV = {
	MALLOC_ARENA_MAX: '2',
	MALLOC_MMAP_THRESHOLD_: '131072',
	KOI_SERVER_TUNED: '1',
}

/** True when this process was started without the settings and nobody chose their own. */
export const needsServerFlags = (env = process.env) =>
	!env.KOI_SERVER_TUNED && !env.NODE_OPTIONS?.includes('--max-old-space-size')
