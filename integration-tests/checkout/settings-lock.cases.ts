// A read of the settings that hangs, not fails, does not hold checkout: a migration of a rolling
// deploy holding `ACCESS EXCLUSIVE` on the settings table for seconds. The read waits behind the
// lock in the background while checkout prices with the settings last read (they carry the
// merchant's extra price, so defaults in their place would show), or, on an instance that has
// read none yet, with the options and the settings' defaults; what is saved in the admin applies
// again once the lock is gone. The lock is held by a session of the test's own.
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import pg from "pg"
import { FRETE_MODULE } from "../../src/modules/frete"
import type FreteModuleService from "../../src/modules/frete/service"
import type { BrazilianStore } from "../helpers/brazilian-store"
import { SHIRT, createCheckoutStore } from "../helpers/checkout-setup"
import { createCart, createFreteOption, createProduct, eventually } from "../../scripts/lib/store-api"
import type { FreteConfiguredCases } from "../helpers/frete-runner"
import { capturedLines } from "../../test-support/log-guard"

/** Small, so that the settings are due to be read again soon after they were last read. */
const SETTINGS_REFRESH_MS = 200
/** As long as a migration might hold the table: far past the plugin's bound on a read. */
const LOCK_HELD_MS = 5_000
/** Only so that a checkout waiting for the lock fails its test rather than hang it. */
const LOCK_HELD_AT_MOST_MS = 60_000
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
    /** The table locked as a migration locks it, until `release()` or `ms` (whichever first); `released` once it is committed. */
    const lockTable = async (ms: number) => {
      const locker = await session()
      await locker.query("begin")
      await locker.query("lock table frete_settings in access exclusive mode")
      let held = true
      let releaseNow: () => void = () => undefined
      const released = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms)
        releaseNow = () => {
          clearTimeout(timer)
          resolve()
        }
      }).then(async () => {
        held = false
        await locker.query("commit")
      })
      const release = async () => {
        releaseNow()
        await released
      }
      return { held: () => held, release, released }
    }
    /** The app's reads of the settings waiting behind a lock now. */
    const readsWaiting = async (observer: pg.Client) =>
      Number(
        (
          await observer.query(
            `select count(*) as waiting from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock' and query ilike '%from frete_settings%'`
          )
        ).rows[0].waiting
      )

    it("prices checkout with the settings last read while a lock holds the settings table, and applies a saved change once it is gone", async () => {
      const firstCart = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], { postal_code: "40010-000", province: "BA" })
      const before = await calculate(firstCart)
      expect({ before: before.status, message: before.data.message }).toEqual({ before: 200, message: undefined })
      expect({ extraPriceSentBefore: extraPriceSent() }).toEqual({ extraPriceSentBefore: ["7"] })

      const newCart = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], { postal_code: "80010-000", province: "PR" })
      const observer = await session()
      // The app's log outlives the test (other files of its group log too): what this test caused is the difference.
      const overranBefore = linesWith(OVERRAN).length
      const recoveredBefore = linesWith(RECOVERED).length
      // The settings last read are due to be read again: the next price reads them.
      await sleep(SETTINGS_REFRESH_MS * 2)

      const lock = await lockTable(LOCK_HELD_MS)
      const during = await calculate(newCart).then(async (answer) => ({
        answer,
        answeredWhileLocked: lock.held(),
        // Still waiting behind the lock when checkout answered: the read hung, it was not skipped.
        settingsReadsWaiting: await readsWaiting(observer),
      }))
      await lock.released

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

    it("prices the first checkout of a process with the options and the defaults while a lock holds the settings table, warns once, and applies the saved settings once it is gone", async () => {
      const lockedCart = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], { postal_code: "40010-000", province: "BA" })
      const laterCart = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], { postal_code: "80010-000", province: "PR" })
      const observer = await session()
      const overranBefore = linesWith(OVERRAN).length
      const recoveredBefore = linesWith(RECOVERED).length

      const lock = await lockTable(LOCK_HELD_AT_MOST_MS)
      // A process that has read no settings yet, as a new instance of a rolling deploy.
      getContainer().resolve<FreteModuleService>(FRETE_MODULE).forgetInProcessState()
      const during = await calculate(lockedCart).then(async (answer) => ({
        answer,
        answeredWhileLocked: lock.held(),
        settingsReadsWaiting: await readsWaiting(observer),
      }))
      // Released only now that checkout answered.
      await lock.release()

      expect({ status: during.answer.status, message: during.answer.data.message }).toEqual({ status: 200, message: undefined })
      expect({ answeredWhileLocked: during.answeredWhileLocked, settingsReadsWaitingOnTheLock: during.settingsReadsWaiting }).toEqual({
        answeredWhileLocked: true,
        settingsReadsWaitingOnTheLock: 1,
      })
      // The defaults' extra price (none sent), not the merchant's 7: nothing saved was read yet.
      expect({ extraPriceSentDuringTheLock: extraPriceSent() }).toEqual({ extraPriceSentDuringTheLock: [undefined] })
      expect({ overranWarnings: linesWith(OVERRAN).slice(overranBefore) }).toEqual({
        overranWarnings: [expect.stringMatching(/; the plugin's options and the settings' defaults \(nothing saved in the admin\) are in force until it answers$/)],
      })

      await eventually(async () => linesWith(RECOVERED).length > recoveredBefore, 100, "the info line of the settings read again")
      const after = await calculate(laterCart)
      expect({ status: after.status, extraPriceSent: extraPriceSent() }).toEqual({ status: 200, extraPriceSent: [undefined, "7"] })
      expect({ overranWarnings: linesWith(OVERRAN).length - overranBefore, recoveredLines: linesWith(RECOVERED).length - recoveredBefore }).toEqual({
        overranWarnings: 1,
        recoveredLines: 1,
      })
    })
  },
}
