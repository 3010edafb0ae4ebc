import { Form } from 'react-router'
import { ErrorSummary } from '~/components/forms/error-summary'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { useFormErrors } from '~/components/forms/use-form-errors'
import {
	EMPTY_OPTION_ROWS,
	MAX_OPTION_ROWS,
	ProductFormSchema,
	specRowsOf,
} from '~/lib/catalog/product-form'
import type { ShopCategory } from '~/lib/categories'
import { SHIPPING_CLASSES } from '~/lib/delivery/shipping-class'
import type { FieldErrors } from '~/lib/forms'
import { PairRows } from './pair-rows'
import { ProductDetailsFields } from './product-details-fields'

/** The editor's values: the CSV row's cells plus option rows, as strings (as posted). */
export type ProductFormValues = Record<string, string>

const LABELS: Record<string, string> = {
	name: 'Name',
	code: 'Product code',
	vendor: 'Brand (vendor)',
	category: 'Category',
	price: 'Price (£)',
	available_sizes: 'Sizes',
	selected_size: 'Size selected at first',
	selected_option: 'Option selected at first',
	shipping_class: 'Shipping class',
	product_url: 'Supplier URL',
	image_url: 'Photo (path or https URL)',
	original_name: 'Original name (from the supplier)',
}
const HINTS: Record<string, string> = {
	price: "Leave empty for 'Price not available' (customers are offered 'Ask for a price').",
	available_sizes: 'Separated by commas, e.g. 1 inch, 1.5 inch, 2 inch.',
	shipping_class:
		'Empty sends it as a parcel. Choose pallet for large filters and pumps, collection for what cannot travel.',
	image_url: 'Leave empty to upload photos once the product is added.',
}

const fieldId = (name: string) => `product-${name.replace(/\./g, '-')}`

function TextField({
	name,
	values,
	errors,
}: {
	name: string
	values: ProductFormValues
	errors: FieldErrors
}) {
	const id = fieldId(name)
	const hint = HINTS[name]
	return (
		<div>
			<label htmlFor={id} className="text-sm font-semibold text-slate-800">
				{LABELS[name]}
			</label>
			{hint ? (
				<p id={`${id}-hint`} className="text-sm text-slate-600">
					{hint}
				</p>
			) : null}
			<input
				id={id}
				name={name}
				defaultValue={values[name] ?? ''}
				className={INPUT_CLASS}
				{...errorProps(id, errors[name], { hint: Boolean(hint) })}
			/>
			<FieldError id={id} error={errors[name]} />
		</div>
	)
}

function Select({
	name,
	values,
	errors,
	choices,
}: {
	name: string
	values: ProductFormValues
	errors: FieldErrors
	choices: Array<[string, string]>
}) {
	const id = fieldId(name)
	return (
		<div>
			<label htmlFor={id} className="text-sm font-semibold text-slate-800">
				{LABELS[name]}
			</label>
			<select
				id={id}
				name={name}
				defaultValue={values[name] ?? ''}
				className={INPUT_CLASS}
				{...errorProps(id, errors[name])}
			>
				{choices.map(([value, label]) => (
					<option key={value} value={value}>
						{label}
					</option>
				))}
			</select>
			<FieldError id={id} error={errors[name]} />
		</div>
	)
}

/** How many option rows to show: every filled one, then a few empty ones. */
function optionRowCount(values: ProductFormValues) {
	let last = -1
	for (let i = 0; i < MAX_OPTION_ROWS; i++)
		if (values[`options.${i}.name`] || values[`options.${i}.price`]) last = i
	return Math.min(MAX_OPTION_ROWS, last + 1 + EMPTY_OPTION_ROWS)
}

/** The product editor (create and edit): every CSV field, option–price pairs as rows. */
/**
 * The owner's categories for the editor's list: hidden ones marked, and a value the list no
 * longer has (a refused form's) kept so it is not silently changed.
 */
function categoryChoices(
	categories: Pick<ShopCategory, 'slug' | 'name' | 'hidden'>[],
	current: string,
): Array<[string, string]> {
	const choices = categories.map((c): [string, string] => [
		c.slug,
		c.hidden ? `${c.name} (hidden from the shop)` : c.name,
	])
	if (current && !categories.some((c) => c.slug === current)) choices.push([current, current])
	return choices
}

export function ProductForm({
	values,
	categories,
	serverErrors,
	fingerprint,
	submitLabel,
}: {
	values: ProductFormValues
	categories: Pick<ShopCategory, 'slug' | 'name' | 'hidden'>[]
	serverErrors: FieldErrors | undefined
	fingerprint?: string
	submitLabel: string
}) {
	const { errors, attempt, onSubmit } = useFormErrors(ProductFormSchema, serverErrors)
	const common = { values, errors }
	return (
		<Form method="post" noValidate onSubmit={onSubmit} className="max-w-3xl space-y-6">
			<ErrorSummary errors={errors} idFor={fieldId} attempt={attempt} />
			{fingerprint ? <input type="hidden" name="fingerprint" value={fingerprint} /> : null}
			<input type="hidden" name="more_images" value={values.more_images ?? ''} />
			<div className="grid gap-4 sm:grid-cols-2">
				<TextField name="name" {...common} />
				<TextField name="code" {...common} />
				<TextField name="vendor" {...common} />
				<Select
					name="category"
					{...common}
					choices={categoryChoices(categories, values.category ?? '')}
				/>
				<TextField name="price" {...common} />
				<Select
					name="shipping_class"
					{...common}
					choices={[
						['', 'Parcel (the usual)'],
						...SHIPPING_CLASSES.map((c): [string, string] => [c, c]),
					]}
				/>
			</div>
			<div className="grid gap-4 sm:grid-cols-2">
				<TextField name="available_sizes" {...common} />
				<TextField name="selected_size" {...common} />
			</div>
			<fieldset className="rounded-xl p-4 ring-1 ring-slate-200">
				<legend className="px-1 font-display text-lg font-bold text-pond-900">
					Options and their prices
				</legend>
				<p className="text-sm text-slate-600">
					An option's price replaces the product's price. Leave a row empty to skip it; save to get
					more empty rows.
				</p>
				<PairRows
					count={optionRowCount(values)}
					prefix="options"
					parts={['name', 'price']}
					label={(i, part) => `Option ${i + 1} ${part === 'name' ? 'name' : 'price (£)'}`}
					columns="sm:grid-cols-[2fr_1fr]"
					{...common}
				/>
				<div className="mt-3">
					<TextField name="selected_option" {...common} />
				</div>
			</fieldset>
			<ProductDetailsFields {...common} />
			<div className="grid gap-4 sm:grid-cols-2">
				<TextField name="product_url" {...common} />
				<TextField name="image_url" {...common} />
				<TextField name="original_name" {...common} />
			</div>
			<div className="flex items-center gap-3">
				<input
					id={fieldId('hidden')}
					type="checkbox"
					name="hidden"
					value="yes"
					defaultChecked={values.hidden === 'yes'}
					className="size-5"
				/>
				<label htmlFor={fieldId('hidden')} className="font-semibold text-slate-800">
					Hidden (off the shop, search and sitemap; past orders keep it)
				</label>
			</div>
			<button type="submit" className="btn-primary">
				{submitLabel}
			</button>
		</Form>
	)
}

/** The editor's values for a product's CSV row (options spread into rows). */
export function formValuesOf(row: Record<string, string>): ProductFormValues {
	const values: ProductFormValues = { ...row }
	const parts = (row.option_price_pairs ?? '').split(',')
	for (let i = 0; i * 2 + 1 < parts.length; i++) {
		values[`options.${i}.name`] = parts[i * 2]!
		values[`options.${i}.price`] = parts[i * 2 + 1]!
	}
	delete values.option_price_pairs
	Object.assign(values, specRowsOf(row.specifications ?? ''))
	delete values.specifications
	return values
}
