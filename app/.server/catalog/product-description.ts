import MarkdownIt from 'markdown-it'

/**
 * A product description is the owner's Markdown, shown as HTML on the product page. Only a safe
 * subset is understood: paragraphs, line breaks, bold and italic, lists, quotes, rules, inline
 * code, sub-headings and links to web pages or email addresses. Raw HTML is shown as the text it
 * is (never markup), images and tables are not turned into markup, headings start at level 3
 * (the page has its own h1 and h2) and every link is `rel="nofollow noopener"`.
 */
const markdown = new MarkdownIt('default', {
	html: false,
	linkify: false,
	typographer: false,
}).disable(['image', 'table', 'code', 'fence', 'reference', 'html_block', 'html_inline'])

const SAFE_LINK = /^(https?:\/\/|mailto:)/i
markdown.validateLink = (url) => SAFE_LINK.test(url.trim())

const renderToken = markdown.renderer.renderToken.bind(markdown.renderer)
markdown.renderer.rules.link_open = (tokens, i, options) => {
	tokens[i]!.attrSet('rel', 'nofollow noopener')
	return renderToken(tokens, i, options)
}
for (const rule of ['heading_open', 'heading_close'] as const)
	markdown.renderer.rules[rule] = (tokens, i, options) => {
		const token = tokens[i]!
		token.tag = `h${Math.min(6, Math.max(3, Number(token.tag.slice(1)) + 2))}`
		return renderToken(tokens, i, options)
	}

const rendered = new Map<string, string>()

/** The description as HTML ('' for none); the last 500 are kept, as product pages repeat. */
export function descriptionHtml(description: string) {
	if (!description) return ''
	let html = rendered.get(description)
	if (html === undefined) {
		html = markdown.render(description)
		if (rendered.size >= 500) rendered.delete(rendered.keys().next().value!)
		rendered.set(description, html)
	}
	return html
}

/** The description's words without markup, for the page's meta description and structured data. */
export function descriptionText(description: string) {
	const words: string[] = []
	for (const token of markdown.parse(description, {})) {
		for (const child of token.children ?? [])
			if (child.type === 'text' || child.type === 'code_inline') words.push(child.content)
			else if (child.type === 'softbreak' || child.type === 'hardbreak') words.push(' ')
		words.push(' ') // between blocks: a heading and the paragraph after it
	}
	return words.join('').replace(/\s+/g, ' ').trim()
}
