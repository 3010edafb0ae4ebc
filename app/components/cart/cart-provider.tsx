import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { sendVisitBeacon } from '~/lib/analytics/beacon'
import {
	addItem,
	CART_STORAGE_KEY,
	type CartItem,
	itemCount,
	removeItem,
	updateQuantity as setLineQuantity,
} from '~/lib/cart/cart'
import { parseStoredCart } from '~/lib/cart/cart-storage'

export const TOAST_DURATION_MS = 4000

type Line = Pick<CartItem, 'id' | 'selectedSize' | 'selectedOption'>
type Notification = { isVisible: boolean; message: string }

type CartContextValue = {
	items: CartItem[]
	/** False until the stored cart has been read (never during server rendering). */
	hydrated: boolean
	addToCart(item: CartItem): void
	removeFromCart(id: string, selectedSize?: string, selectedOption?: string): void
	updateQuantity(line: Line, quantity: number): void
	clearCart(): void
	/** Puts back the lines 'Clear Cart' removed (its Undo). */
	restoreCart(lines: CartItem[]): void
	notification: Notification
	hideNotification(): void
}

const CartContext = createContext<CartContextValue | null>(null)

/** The cart lives in localStorage under `cart`, shared by every open tab. */
export function CartProvider({ children }: { children: React.ReactNode }) {
	const [items, setItems] = useState<CartItem[]>([])
	const [hydrated, setHydrated] = useState(false)
	const [notification, setNotification] = useState<Notification>({ isVisible: false, message: '' })
	const toastTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

	useEffect(() => {
		setItems(parseStoredCart(readStorage()))
		setHydrated(true)
		const onStorage = (event: StorageEvent) => {
			if (event.key === CART_STORAGE_KEY || event.key === null) {
				setItems(parseStoredCart(event.newValue))
			}
		}
		window.addEventListener('storage', onStorage)
		return () => window.removeEventListener('storage', onStorage)
	}, [])

	useEffect(() => {
		if (hydrated) writeStorage(items)
	}, [items, hydrated])

	useEffect(() => () => clearTimeout(toastTimer.current), [])

	const hideNotification = useCallback(() => {
		clearTimeout(toastTimer.current)
		setNotification((n) => ({ ...n, isVisible: false }))
	}, [])

	const value = useMemo<CartContextValue>(
		() => ({
			items,
			hydrated,
			addToCart(item) {
				setItems((cart) => addItem(cart, item))
				sendVisitBeacon({ type: 'cart', productId: item.id })
				setNotification({ isVisible: true, message: `${item.name} added to cart` })
				clearTimeout(toastTimer.current)
				toastTimer.current = setTimeout(hideNotification, TOAST_DURATION_MS)
			},
			removeFromCart(id, selectedSize, selectedOption) {
				setItems((cart) => removeItem(cart, id, selectedSize, selectedOption))
			},
			updateQuantity(line, quantity) {
				setItems((cart) => setLineQuantity(cart, line, quantity))
			},
			clearCart() {
				setItems([])
			},
			restoreCart(lines) {
				setItems(lines)
			},
			notification,
			hideNotification,
		}),
		[items, hydrated, notification, hideNotification],
	)
	return <CartContext.Provider value={value}>{children}</CartContext.Provider>
}

export function useCart() {
	const context = useContext(CartContext)
	if (!context) throw new Error('useCart must be used within a CartProvider')
	return context
}

/** The nav badge count: undefined until hydrated, so server and first client render agree. */
export function useCartCount() {
	const { items, hydrated } = useCart()
	return hydrated ? itemCount(items) : undefined
}

function readStorage() {
	try {
		return window.localStorage.getItem(CART_STORAGE_KEY)
	} catch {
		return null // storage disabled (private mode, policy): an empty cart
	}
}

function writeStorage(items: CartItem[]) {
	try {
		window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items))
	} catch {
		// Quota or disabled storage: the cart still works for this page view.
	}
}
