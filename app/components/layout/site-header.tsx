import { Menu, ShoppingCart, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { cn } from '~/lib/cn'
import { loginHref, MAIN_NAV, type NavItem } from './nav-links'

type HeaderProps = {
	/** The trading name (/admin/settings). */
	name: string
	/** Undefined until the cart has hydrated, so the server never renders a wrong count. */
	cartCount?: number
}

export function SiteHeader({ name, cartCount }: HeaderProps) {
	const [menuOpen, setMenuOpen] = useState(false)
	const location = useLocation()
	const menuId = useId()
	const toggleRef = useRef<HTMLButtonElement>(null)

	// Close the menu whenever the route changes.
	// biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value used
	useEffect(() => setMenuOpen(false), [location.pathname])

	return (
		<header className="sticky top-0 z-40 border-b border-pond-900/20 bg-pond-900 text-white">
			<a
				href="#main"
				className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-pond-900"
			>
				Skip to content
			</a>
			<div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
				<Link
					to="/"
					className="flex items-center gap-2 font-display text-lg font-bold tracking-tight"
				>
					<KoiMark />
					<span>{name}</span>
				</Link>
				<nav aria-label="Main" className="hidden lg:block">
					<ul className="flex items-center gap-1">
						{MAIN_NAV.map((item) => (
							<li key={item.label} data-session-show={item.session}>
								<NavItemLink item={item} />
							</li>
						))}
					</ul>
				</nav>
				<div className="flex items-center gap-1">
					<CartLink count={cartCount} />
					<button
						ref={toggleRef}
						type="button"
						className="rounded-md p-2 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white lg:hidden"
						aria-expanded={menuOpen}
						aria-controls={menuId}
						onClick={() => setMenuOpen((open) => !open)}
					>
						<Menu aria-hidden="true" className="size-6" />
						<span className="sr-only">Open menu</span>
					</button>
				</div>
			</div>
			{menuOpen ? (
				<MobileMenu
					id={menuId}
					items={MAIN_NAV}
					onClose={() => {
						setMenuOpen(false)
						toggleRef.current?.focus()
					}}
				/>
			) : null}
		</header>
	)
}

function NavItemLink({ item, large = false }: { item: NavItem; large?: boolean }) {
	const { pathname, search } = useLocation()
	return (
		<NavLink
			to={item.session === 'signed-out' ? loginHref(pathname, search) : item.to}
			end={item.end}
			className={({ isActive }) =>
				cn(
					'block rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-white',
					large ? 'px-4 py-3 text-xl' : 'px-3 py-2 text-sm',
					isActive ? 'bg-white text-pond-900' : 'text-white/90 hover:bg-white/10 hover:text-white',
				)
			}
		>
			{item.label}
		</NavLink>
	)
}

function CartLink({ count }: { count?: number }) {
	return (
		<NavLink
			to="/cart"
			className={({ isActive }) =>
				cn(
					'relative flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-white',
					isActive ? 'bg-white text-pond-900' : 'text-white/90 hover:bg-white/10',
				)
			}
		>
			<ShoppingCart aria-hidden="true" className="size-5" />
			<span>Cart</span>
			{/* Fixed-size slot: the badge appears after hydration without shifting the layout. */}
			<span
				className={cn(
					'inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-xs font-bold',
					count ? 'bg-koi-500 text-white' : 'invisible',
				)}
				data-testid="cart-count"
			>
				{count ? (
					<>
						{count}
						<span className="sr-only"> items in cart</span>
					</>
				) : null}
			</span>
		</NavLink>
	)
}

function MobileMenu({
	id,
	items,
	onClose,
}: {
	id: string
	items: readonly NavItem[]
	onClose: () => void
}) {
	const panelRef = useRef<HTMLDivElement>(null)

	useEffect(() => {
		const { overflow } = document.body.style
		document.body.style.overflow = 'hidden'
		panelRef.current?.querySelector<HTMLElement>('a, button')?.focus()
		const onKey = (event: KeyboardEvent) => {
			if (event.key === 'Escape') onClose()
		}
		document.addEventListener('keydown', onKey)
		return () => {
			document.body.style.overflow = overflow
			document.removeEventListener('keydown', onKey)
		}
	}, [onClose])

	return (
		<div
			id={id}
			ref={panelRef}
			role="dialog"
			aria-modal="true"
			aria-label="Menu"
			className="fixed inset-0 z-50 overflow-y-auto bg-pond-900 px-4 py-4 text-white lg:hidden"
		>
			<div className="flex justify-end">
				<button
					type="button"
					onClick={onClose}
					className="rounded-md p-2 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
				>
					<X aria-hidden="true" className="size-7" />
					<span className="sr-only">Close menu</span>
				</button>
			</div>
			<nav aria-label="Mobile">
				<ul className="mt-4 space-y-1">
					{items.map((item) => (
						<li key={item.label} data-session-show={item.session}>
							<NavItemLink item={item} large />
						</li>
					))}
					<li>
						<NavItemLink item={{ to: '/cart', label: 'Cart' }} large />
					</li>
				</ul>
			</nav>
		</div>
	)
}

function KoiMark() {
	return (
		<svg viewBox="0 0 32 32" aria-hidden="true" className="size-8">
			<circle cx="16" cy="16" r="15" fill="#1b6a8f" />
			<path
				d="M7 17c4-6 11-7 16-3l4-3-1 5 1 5-4-3c-5 4-12 3-16-1z"
				fill="#f28a3a"
				stroke="#fff"
				strokeWidth="1"
			/>
			<circle cx="11.5" cy="16" r="1" fill="#fff" />
		</svg>
	)
}
