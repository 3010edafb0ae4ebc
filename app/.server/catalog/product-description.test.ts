import { describe, expect, it } from 'vitest'
import { descriptionHtml, descriptionText } from './product-description'

describe('product descriptions', () => {
	it('renders the safe subset of Markdown', () => {
		const html = descriptionHtml(
			'## Quiet and efficient\n\nMoves **6,000 litres** an hour.\n\n- Low energy\n- *Three* year guarantee\n\nSee [the manual](https://example.com/manual.pdf).',
		)
		expect(html).toContain('<h4>Quiet and efficient</h4>')
		expect(html).toContain('<strong>6,000 litres</strong>')
		expect(html).toContain('<li><em>Three</em> year guarantee</li>')
		expect(html).toContain(
			'<a href="https://example.com/manual.pdf" rel="nofollow noopener">the manual</a>',
		)
	})

	it('never lets markup, scripts or unsafe links through', () => {
		const html = descriptionHtml(
			'<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) [data](data:text/html,hi) ![photo](https://example.com/a.jpg)\n\n| a | b |\n|---|---|\n| 1 | 2 |',
		)
		expect(html).not.toMatch(/<script|<img|<table|href="javascript|href="data/i)
		expect(html).toContain('&lt;script&gt;')
		expect(html).toContain('[click](javascript:alert(1))')
	})

	it('gives the plain words for meta descriptions', () => {
		expect(
			descriptionText('## Quiet\n\nMoves **6,000 litres**\nan hour. [Manual](https://x.example)'),
		).toBe('Quiet Moves 6,000 litres an hour. Manual')
		expect(descriptionHtml('')).toBe('')
	})
})
