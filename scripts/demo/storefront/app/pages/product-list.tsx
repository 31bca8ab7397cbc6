import { useEffect, useState } from "react"
import { errorMessage, formatBRL } from "../../../../../storefront/index"
import { Link, useShop } from "../shop"
import type { Product } from "../store-api"

export const priceOf = (product: Product) => product.variants[0]?.calculated_price?.calculated_amount ?? null

export function ProductList() {
  const { store } = useShop()
  const [products, setProducts] = useState<Product[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    store.products().then(setProducts, (cause) => setError(errorMessage(cause)))
  }, [store])

  if (error) return <p role="alert">{error}</p>
  if (!products) return <p>Carregando produtos…</p>
  return (
    <section>
      <h1>Produtos</h1>
      <ul className="product-grid">
        {products.map((product) => (
          <li key={product.id} className="product-card">
            <Link to={`/produtos/${product.handle}`} testId={`product-${product.handle}`}>
              <span className="product-card__title">{product.title}</span>
              <span className="product-card__price">
                {priceOf(product) === null ? "—" : formatBRL(priceOf(product) as number)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
