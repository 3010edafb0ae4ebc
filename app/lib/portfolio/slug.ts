/**
 * A new project's address from its name: 'Koi Pond in Nairn' → 'koi-pond-in-nairn'. Letters with
 * accents lose them, apostrophes go ('Explorer's Pond' → 'explorers-pond'); anything else becomes a
 * hyphen. A name with no letters or digits gets 'project'.
 */
export function slugFrom(name: string) {
	const slug = name
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/&/g, ' and ')
		.replace(/['\u2019]/g, '')
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, 60)
		.replace(/-+$/, '')
	return slug || 'project'
}

/** The first of slug, slug-2, slug-3 … not already taken. */
export function uniqueSlug(name: string, taken: ReadonlySet<string>) {
	const base = slugFrom(name)
	if (!taken.has(base)) return base
	for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}
