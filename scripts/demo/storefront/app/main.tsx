import { createRoot } from "react-dom/client"
import { formatBRL } from "../../../../storefront/index"
import { CartPage } from "./pages/cart-page"
import { CheckoutPage } from "./pages/checkout-page"
import { OrderPage } from "./pages/order-page"
import { ProductList } from "./pages/product-list"
import { ProductPage } from "./pages/product-page"
import { Link, ShopProvider, useShop, type DemoConfig } from "./shop"

declare global {
  interface Window {
    __FRETE_DEMO__: DemoConfig
  }
}

function Page() {
  const { path } = useShop()
  const product = /^\/produtos\/([^/]+)$/.exec(path)
  const order = /^\/pedidos\/([^/]+)$/.exec(path)
  if (product) return <ProductPage handle={decodeURIComponent(product[1])} />
  if (order) return <OrderPage id={decodeURIComponent(order[1])} />
  if (path === "/carrinho") return <CartPage />
  if (path === "/checkout") return <CheckoutPage />
  return <ProductList />
}

function Header() {
  const { config, cart } = useShop()
  const count = cart?.items.reduce((sum, item) => sum + item.quantity, 0) ?? 0
  return (
    <header className="shop-header">
      <Link to="/" className="shop-header__name">
        {config.storeName}
      </Link>
      <Link to="/carrinho" className="shop-header__cart" testId="cart-link">
        Carrinho ({count}){cart && count ? ` · ${formatBRL(cart.item_subtotal ?? cart.subtotal)}` : ""}
      </Link>
    </header>
  )
}

createRoot(document.getElementById("root") as HTMLElement).render(
  <ShopProvider config={window.__FRETE_DEMO__}>
    <Header />
    <main className="shop-main">
      <Page />
    </main>
    <footer className="shop-footer">Loja de demonstração do medusa-plugin-frete: nenhum pagamento é cobrado.</footer>
  </ShopProvider>
)
