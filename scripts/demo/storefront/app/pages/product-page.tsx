import { useEffect, useState } from "react"
import { errorMessage, formatBRL } from "../../../../../storefront/index"
import { FreteCepCalculator } from "../../../../../storefront/react"
import { Link, useShop } from "../shop"
import type { Product } from "../store-api"
import { priceOf } from "./product-list"

export function ProductPage({ handle }: { handle: string }) {
  const { store, frete, addToCart, navigate } = useShop()
  const [product, setProduct] = useState<Product | null | undefined>(undefined)
  const [quantity, setQuantity] = useState(1)
  const [adding, setAdding] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    store.product(handle).then(setProduct, (cause) => setError(errorMessage(cause)))
  }, [store, handle])

  if (error) return <p role="alert">{error}</p>
  if (product === undefined) return <p>Carregando…</p>
  if (product === null)
    return (
      <p>
        Produto não encontrado. <Link to="/">Ver todos os produtos</Link>
      </p>
    )
  const variant = product.variants[0]
  const price = priceOf(product)

  const add = async () => {
    setAdding(true)
    setError(null)
    try {
      await addToCart({ variant_id: variant.id, quantity })
      navigate("/carrinho")
    } catch (cause) {
      setError(errorMessage(cause))
      setAdding(false)
    }
  }

  return (
    <article className="product-page" data-testid="product-page">
      <h1>{product.title}</h1>
      {product.description ? <p>{product.description}</p> : null}
      <p className="product-page__price">{price === null ? "—" : formatBRL(price)}</p>
      <div className="product-page__buy">
        <label>
          Quantidade{" "}
          <input
            type="number"
            min={1}
            max={99}
            value={quantity}
            data-testid="quantity"
            onChange={(event) => setQuantity(Math.min(99, Math.max(1, Math.trunc(Number(event.target.value)) || 1)))}
          />
        </label>
        <button type="button" onClick={add} disabled={adding} data-testid="add-to-cart">
          {adding ? "Adicionando…" : "Adicionar ao carrinho"}
        </button>
      </div>
      {/* The freight of this variant and quantity, by CEP, before any cart exists. */}
      <FreteCepCalculator client={frete} items={[{ variant_id: variant.id, quantity }]} />
    </article>
  )
}
