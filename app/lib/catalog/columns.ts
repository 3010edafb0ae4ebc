/** The catalogue CSV's columns (spec section 3), shared by the import and the upload page. */
export const CSV_COLUMNS = [
	'name',
	'code',
	'image_url',
	'product_url',
	'vendor',
	'category',
	'price',
	'available_sizes',
	'option_price_pairs',
	'selected_size',
	'selected_option',
	'original_name',
] as const

/** Optional columns: a file without them still imports. */
export const OPTIONAL_CSV_COLUMNS = [
	'shipping_class',
	'hidden',
	'more_images',
	'description',
	'specifications',
] as const

/** Every column, in the order a downloaded file has them. */
export const ALL_CSV_COLUMNS = [...CSV_COLUMNS, ...OPTIONAL_CSV_COLUMNS] as const

/** The columns as a sentence for messages: the required ones, then the optional ones. */
export const CSV_HEADER_HINT = [
	...CSV_COLUMNS,
	`${OPTIONAL_CSV_COLUMNS.join(', ')} (optional)`,
].join(', ')
