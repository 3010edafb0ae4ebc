/** The look of a single-line form input (and select) across the site's forms. */
export const INPUT_CLASS =
	'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 text-base focus:outline-2 focus:outline-pond-600'
