// A read of the settings that hangs, not fails, does not hold checkout: a migration of a rolling
// deploy holding `ACCESS EXCLUSIVE` on the settings table for seconds. The read waits behind the
// lock in the background while checkout prices with the settings last read (they carry the
// merchant's extra price, so defaults in their place would show), and what is saved in the admin
// applies again once the lock is gone. The lock is held by a session of the test's own.
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import pg from "pg"
import type { BrazilianStore } from "../helpers/brazilian-store"
import { SHIRT, createCheckoutStore } from "../helpers/checkout-setup"
import { createCart, createFreteOption, createProduct, eventually } from "../../scripts/lib/store-api"
import type { FreteConfiguredCases } from "../helpers/frete-runner"
import { capturedLines } from "../../test-support/log-guard"

/** Small, so that the settings are due to be read again soon after they were last read. */
const SETTINGS_REFRESH_MS = 200
/** As long as a migration might hold the table: far past the plugin's bound on a read. */
const LOCK_HELD_MS = 5_000
const OVERRAN = "frete: reading the settings has not answered within"
const RECOVERED = "frete: the settings are read again"

type Answer = { status: number; data: { message?: string; shipping_option?: { calculated_price?: { calculated_amount?: number } } } }

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export const settingsLockCases: FreteConfiguredCases = {
  pluginOptions: { settingsRefreshMs: SETTINGS_REFRESH_MS },
  cases: ({ api, getContainer, sandbox }) => {
    let store: BrazilianStore
    let variantId: string
    let optionId: string
    const sessions: pg.Client[] = []

    beforeAll(async () => {
      store = await createCheckoutStore({ api, getContainer }, { extra_price: { type: "fixed", value: 7 } })
      ;({ variantId } = await createProduct(api, store, SHIRT))
      optionId = await createFreteOption(api, store, "cheapest", "Frete econômico")
    })

    afterEach(async () => {
      // A failed test must not leave the table locked for the runner's cleanup.
      await Promise.all(sessions.splice(0).map((session) => session.end().catch(() => undefined)))
    })

    const calculate = (cartId: string): Promise<Answer> =>
      api
        .post(`/store/shipping-options/${optionId}/calculate`, { cart_id: cartId, data: {} }, store.store)
        .catch((error: { response: Answer }) => error.response)
    const amountOf = (answer: Answer) => answer.data.shipping_option?.calculated_price?.calculated_amount
    const extraPriceSent = () => sandbox().calls({ service: "freight" }).map((call) => (call.body as { preco_adicional?: string }).preco_adicional)
    const linesWith = (text: string) => capturedLines().filter((line) => line.startsWith(text))
    /** A session of the test's own on the app's database, apart from the app's pool. */
    const session = async () => {
      const { rows } = await getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION).raw("select current_database() as name")
      const client = new pg.Client({
        host: process.env.DB_HOST,
        port: Number(process.env.DB_PORT),
        user: process.env.DB_USERNAME,
        password: process.env.DB_PASSWORD,
        database: (rows as Array<{ name: string }>)[0].name,
      })
      sessions.push(client)
      await client.connect()
      return client
    }

    it("prices checkout with the settings last read while a lock holds the settings table, and applies a saved change once it is gone", async () => {
      const firstCart = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], { postal_code: "40010-000", province: "BA" })
      const before = await calculate(firstCart)
      expect({ before: before.status, message: before.data.message }).toEqual({ before: 200, message: undefined })
      expect({ extraPriceSentBefore: extraPriceSent() }).toEqual({ extraPriceSentBefore: ["7"] })

      const newCart = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], { postal_code: "80010-000", province: "PR" })
      const locker = await session()
      const observer = await session()
      // The app's log outlives the test (other files of its group log too): what this test caused is the difference.
      const overranBefore = linesWith(OVERRAN).length
      const recoveredBefore = linesWith(RECOVERED).length
      // The settings last read are due to be read again: the next price reads them.
      await sleep(SETTINGS_REFRESH_MS * 2)

      await locker.query("begin")
      await locker.query("lock table frete_settings in access exclusive mode")
      let lockReleased = false
      const released = sleep(LOCK_HELD_MS).then(async () => {
        lockReleased = true
        await locker.query("commit")
      })

      const during = await calculate(newCart).then(async (answer) => ({
        answer,
        answeredWhileLocked: !lockReleased,
        // Still waiting behind the lock when checkout answered: the read hung, it was not skipped.
        settingsReadsWaiting: Number(
          (
            await observer.query(
              `select count(*) as waiting from pg_stat_activity
               where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock' and query ilike '%from frete_settings%'`
            )
          ).rows[0].waiting
        ),
      }))
      await released

      expect({ status: during.answer.status, message: during.answer.data.message }).toEqual({ status: 200, message: undefined })
      expect({ answeredWhileLocked: during.answeredWhileLocked }).toEqual({ answeredWhileLocked: true })
      expect({ settingsReadsWaitingOnTheLock: during.settingsReadsWaiting }).toEqual({ settingsReadsWaitingOnTheLock: 1 })
      // The new cart's query carried the merchant's extra price, not the defaults' 0.
      expect({ extraPriceSentDuringTheLock: extraPriceSent() }).toEqual({ extraPriceSentDuringTheLock: ["7", "7"] })
      expect({ overranWarnings: linesWith(OVERRAN).length - overranBefore }).toEqual({ overranWarnings: 1 })

      // The read behind the lock answers once it is gone, and says so once.
      await eventually(async () => linesWith(RECOVERED).length > recoveredBefore, 100, "the info line of the settings read again")
      expect({ recoveredLines: linesWith(RECOVERED).length - recoveredBefore }).toEqual({ recoveredLines: 1 })

      const saved = await api.post("/admin/frete/settings", { extra_price: { type: "fixed", value: 9 } }, store.admin)
      expect({ saveStatus: saved.status }).toEqual({ saveStatus: 200 })
      const after = await eventually(
        async () => {
          const answer = await calculate(newCart)
          return extraPriceSent().at(-1) === "9" && answer
        },
        100,
        "a query with the extra price saved after the lock"
      )
      expect({ status: after.status, message: after.data.message }).toEqual({ status: 200, message: undefined })
      expect({ priceRaisedBy: (amountOf(after) ?? 0) - (amountOf(during.answer) ?? 0) }).toEqual({ priceRaisedBy: 2 })
      expect({ overranWarnings: linesWith(OVERRAN).length - overranBefore }).toEqual({ overranWarnings: 1 })
    })
  },
}
