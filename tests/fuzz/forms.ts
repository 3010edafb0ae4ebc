import type { FoundForm } from './form-requests'
import type { Field } from './values'

const ENTITIES: Record<string, string> = {
	'&amp;': '&',
	'&quot;': '"',
	'&#x27;': "'",
	'&#39;': "'",
	'&lt;': '<',
	'&gt;': '>',
}
const decodeEntities = (text: string) =>
	text.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (e) => ENTITIES[e]!)
const attr = (tag: string, name: string) =>
	new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1] ?? null

/**
 * The POST forms in a page's server-rendered HTML, one per submit button (a button's name and
 * value are part of what it sends: `intent=cancel`). Hidden fields keep their values (order
 * versions, upload ids); visible ones keep what the page filled in.
 */
export function formsIn(html: string, page: string, role: FoundForm['role']): FoundForm[] {
	const found: FoundForm[] = []
	for (const [, open = '', inner = ''] of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
		if ((attr(open, 'method') ?? 'get').toLowerCase() !== 'post') continue
		const action = decodeEntities(attr(open, 'action') ?? page)
		const multipart = /multipart\/form-data/i.test(attr(open, 'enctype') ?? '')
		const fields: Field[] = []
		const buttons: Field[] = []
		for (const [tag = '', kind = ''] of inner.matchAll(
			/<(input|select|textarea|button)\b[^>]*>/gi,
		)) {
			const name = attr(tag, 'name')
			if (!name) continue
			const value = decodeEntities(attr(tag, 'value') ?? '')
			const type = (attr(tag, 'type') ?? '').toLowerCase()
			if (kind.toLowerCase() === 'button' || type === 'submit')
				buttons.push([decodeEntities(name), value])
			else if ((type === 'checkbox' || type === 'radio') && !/\schecked\b/i.test(tag)) continue
			else if (kind.toLowerCase() === 'select') {
				const select = inner.slice(inner.indexOf(tag))
				const option = /<option\b[^>]*value="([^"]*)"/i.exec(
					select.slice(0, select.indexOf('</select>')),
				)
				fields.push([decodeEntities(name), decodeEntities(option?.[1] ?? '')])
			} else fields.push([decodeEntities(name), value])
		}
		for (const button of buttons.length ? buttons : [undefined]) {
			found.push({
				page,
				role,
				action,
				multipart,
				fields: button ? [...fields, button] : fields,
			})
		}
	}
	return found
}

/** One form per action, intent and field set: the same form on ten pages is fuzzed once. */
export function distinct(forms: FoundForm[]) {
	const seen = new Map<string, FoundForm>()
	for (const form of forms) {
		const key = `${form.role} ${form.action} ${form.fields
			.map(([name, value]) => (name === 'intent' ? `${name}=${value}` : name))
			.sort()
			.join('&')}`
		if (!seen.has(key)) seen.set(key, form)
	}
	return [...seen.values()]
}
