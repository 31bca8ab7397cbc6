// What every page of the demo storefront shares: the store API, the plugin's client, the cart
// (its id kept in the browser), and navigation without reloads.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type MouseEvent,
  type ReactNode,
} from "react"
// The kit's sources, by their index file: the folder's package.json points at the built dist/,
// and the demo (and its browser tests) must run the kit as it is in the working tree.
import { createFreteClient, type FreteClient } from "../../../../storefront/index"
import { createStoreApi, type Cart, type StoreApi } from "./store-api"

export interface DemoConfig {
  storeName: string
  publishableKey: string
  regionId: string
}

export interface Shop {
  config: DemoConfig
  store: StoreApi
  frete: FreteClient
  cart: Cart | null
  setCart: (cart: Cart | null) => void
  addToCart: (item: { variant_id: string; quantity: number }) => Promise<void>
  path: string
  navigate: (to: string) => void
}

const CART_KEY = "frete-demo-cart"
const ShopContext = createContext<Shop | null>(null)

export function useShop(): Shop {
  const shop = useContext(ShopContext)
  if (!shop) throw new Error("useShop outside ShopProvider")
  return shop
}

export function ShopProvider({ config, children }: { config: DemoConfig; children: ReactNode }) {
  const store = useMemo(() => createStoreApi(config.publishableKey, config.regionId), [config])
  const frete = useMemo(() => createFreteClient({ publishableKey: config.publishableKey }), [config])
  const [cart, setCartState] = useState<Cart | null>(null)
  const [path, setPath] = useState(() => window.location.pathname)

  const setCart = useCallback((next: Cart | null) => {
    setCartState(next)
    if (next) window.localStorage.setItem(CART_KEY, next.id)
    else window.localStorage.removeItem(CART_KEY)
  }, [])

  useEffect(() => {
    const id = window.localStorage.getItem(CART_KEY)
    if (id) store.cart(id).then(setCartState, () => setCart(null))
  }, [store, setCart])

  useEffect(() => {
    const onPop = () => setPath(window.location.pathname)
    window.addEventListener("popstate", onPop)
    return () => window.removeEventListener("popstate", onPop)
  }, [])

  const navigate = useCallback((to: string) => {
    window.history.pushState(null, "", to)
    setPath(to)
    window.scrollTo(0, 0)
  }, [])

  const addToCart = useCallback(
    async (item: { variant_id: string; quantity: number }) => {
      setCart(cart ? await store.addItem(cart.id, item) : await store.createCart(item))
    },
    [cart, store, setCart]
  )

  const shop = useMemo<Shop>(
    () => ({ config, store, frete, cart, setCart, addToCart, path, navigate }),
    [config, store, frete, cart, setCart, addToCart, path, navigate]
  )
  return <ShopContext.Provider value={shop}>{children}</ShopContext.Provider>
}

/** A link that changes the page without reloading it. */
export function Link({
  to,
  children,
  className,
  testId,
}: {
  to: string
  children: ReactNode
  className?: string
  testId?: string
}) {
  const { navigate } = useShop()
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    navigate(to)
  }
  return (
    <a href={to} onClick={onClick} className={className} data-testid={testId}>
      {children}
    </a>
  )
}
