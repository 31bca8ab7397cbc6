// A read of the settings that hangs, not fails, does not hold checkout: a migration of a rolling
// deploy holding `ACCESS EXCLUSIVE` on the settings table for seconds. The read waits behind the
// lock in the background while checkout prices with the settings last read (they carry the
// merchant's extra price, so defaults in their place would show). An instance that has read none
// yet never prices without the merchant's rules (a free-freight rule here): with no other
// instance's copy in Medusa's Caching Module (this app runs none), it waits for its read within the
// quote's deadline, then asks the shopper to try again. The lock is held by a session of the
// test's own.
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import pg from "pg"
import { FRETE_MODULE } from "../../src/modules/frete"
import type FreteModuleService from "../../src/modules/frete/service"
import type { FreteSettingsInput } from "../../src/lib/settings/schema"
import type { BrazilianStore } from "../helpers/brazilian-store"
import { SHIRT, createCheckoutStore } from "../helpers/checkout-setup"
import { createCart, createFreteOption, createProduct, eventually } from "../../scripts/lib/store-api"
import type { FreteConfiguredCases } from "../helpers/frete-runner"
import { capturedLines } from "../../test-support/log-guard"

/** Small, so that the settings are due to be read again soon after they were last read (the tests move the clock). */
const SETTINGS_REFRESH_MS = 200
/** As long as a migration might hold the table: far past the plugin's bound on a read. */
const LOCK_HELD_MS = 5_000
/** Only so that a checkout waiting for the lock fails its test rather than hang it. */
const LOCK_HELD_AT_MOST_MS = 60_000
const OVERRAN = "frete: reading the settings has not answered within"
const RECOVERED = "frete: the settings are read again"

type Answer = {
  status: number
  data: { code?: string; message?: string; shipping_option?: { calculated_price?: { calculated_amount?: number } } }
}

/** The merchant's rules: an extra price, and free freight to Bahia from R$ 100 (a R$ 120 shirt to Salvador). */
const SAVED: FreteSettingsInput = {
  extra_price: { type: "fixed", value: 7 },
  free_freight_rules: [{ min_subtotal: 100, states: ["BA"] }],
}
const SALVADOR = { postal_code: "40010-000", province: "BA" }
const TRY_AGAIN = "Não conseguimos calcular o frete neste momento. Tente novamente em alguns segundos."

export const settingsLockCases: FreteConfiguredCases = {
  pluginOptions: { settingsRefreshMs: SETTINGS_REFRESH_MS },
  cases: ({ api, getContainer, sandbox }) => {
    let store: BrazilianStore
    let variantId: string
    let optionId: string
    const sessions: pg.Client[] = []

    beforeAll(async () => {
      store = await createCheckoutStore({ api, getContainer }, SAVED)
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
    const freightQueries = () =>
      sandbox()
        .calls({ service: "freight" })
        .map((call) => call.body)
    /** What the merchant's rules added to the API's cheapest price of the last freight call, in reais. */
    const extraCharged = (answer: Answer) => {
      const last = sandbox().calls({ service: "freight" }).at(-1)?.response as {
        cotacoes: Array<{ cotacao_preco: string }>
      }
      const cheapest = Math.min(...last.cotacoes.map((quotation) => Number(quotation.cotacao_preco.replace(",", "."))))
      return Math.round(((amountOf(answer) ?? 0) - cheapest) * 100) / 100
    }
    const linesWith = (text: string) => capturedLines().filter((line) => line.startsWith(text))
    /** A session of the test's own on the app's database, apart from the app's pool. */
    const session = async () => {
      const { rows } = await getContainer()
        .resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
        .raw("select current_database() as name")
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
             where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock' and query ilike '%frete_settings%'`
          )
        ).rows[0].waiting
      )

    it("prices checkout with the settings last read while a lock holds the settings table, and applies a saved change once it is gone", async () => {
      // The settings' age told by a clock of the test's own.
      let now = Date.now()
      getContainer()
        .resolve<FreteModuleService>(FRETE_MODULE)
        .forgetInProcessState(undefined, { settings: () => now })
      const firstCart = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], {
        postal_code: "40010-000",
        province: "BA",
      })
      const before = await calculate(firstCart)
      expect({ before: before.status, message: before.data.message }).toEqual({ before: 200, message: undefined })
      // Free freight to Bahia from R$ 100: the merchant's rules in force.
      expect({ amountBefore: amountOf(before), freightQueries: freightQueries().length }).toEqual({
        amountBefore: 0,
        freightQueries: 1,
      })

      const newCart = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], {
        postal_code: "80010-000",
        province: "PR",
      })
      const observer = await session()
      // The app's log outlives the test (other files of its group log too): what this test caused is the difference.
      const overranBefore = linesWith(OVERRAN).length
      const recoveredBefore = linesWith(RECOVERED).length
      // The settings last read are due to be read again: the next price reads them.
      now += SETTINGS_REFRESH_MS * 2

      const lock = await lockTable(LOCK_HELD_MS)
      const during = await calculate(newCart).then(async (answer) => ({
        answer,
        answeredWhileLocked: lock.held(),
        // Still waiting behind the lock when checkout answered: the read hung, it was not skipped.
        settingsReadsWaiting: await readsWaiting(observer),
      }))
      await lock.released

      expect({ status: during.answer.status, message: during.answer.data.message }).toEqual({
        status: 200,
        message: undefined,
      })
      expect({ answeredWhileLocked: during.answeredWhileLocked }).toEqual({ answeredWhileLocked: true })
      expect({ settingsReadsWaitingOnTheLock: during.settingsReadsWaiting }).toEqual({
        settingsReadsWaitingOnTheLock: 1,
      })
      // The new cart was priced with the merchant's extra price, not the defaults' 0.
      expect({ extraChargedDuringTheLock: extraCharged(during.answer) }).toEqual({ extraChargedDuringTheLock: 7 })
      expect({ overranWarnings: linesWith(OVERRAN).length - overranBefore }).toEqual({ overranWarnings: 1 })

      // The read behind the lock answers once it is gone, and says so once.
      await eventually(
        async () => linesWith(RECOVERED).length > recoveredBefore,
        100,
        "the info line of the settings read again"
      )
      expect({ recoveredLines: linesWith(RECOVERED).length - recoveredBefore }).toEqual({ recoveredLines: 1 })

      const saved = await api.post("/admin/frete/settings", { extra_price: { type: "fixed", value: 9 } }, store.admin)
      expect({ saveStatus: saved.status }).toEqual({ saveStatus: 200 })
      const after = await eventually(
        async () => {
          const answer = await calculate(newCart)
          return extraCharged(answer) === 9 && answer
        },
        100,
        "a query with the extra price saved after the lock"
      )
      expect({ status: after.status, message: after.data.message }).toEqual({ status: 200, message: undefined })
      expect({ priceRaisedBy: (amountOf(after) ?? 0) - (amountOf(during.answer) ?? 0) }).toEqual({ priceRaisedBy: 2 })
      expect({ overranWarnings: linesWith(OVERRAN).length - overranBefore }).toEqual({ overranWarnings: 1 })
    })

    /** A process that has read no settings yet (a new instance of a rolling deploy), the table locked. */
    const freshInstanceUnderLock = async () => {
      const observer = await session()
      const lock = await lockTable(LOCK_HELD_AT_MOST_MS)
      getContainer().resolve<FreteModuleService>(FRETE_MODULE).forgetInProcessState()
      return { observer, lock }
    }
    const pricedWithTheRules = expect.objectContaining({ cep_destino: "40010000" })

    it("asks a new process's first checkout to try again, never to pay, while the lock outlasts its wait", async () => {
      const freeCart = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], SALVADOR)
      const overranBefore = linesWith(OVERRAN).length
      const recoveredBefore = linesWith(RECOVERED).length

      const { observer, lock } = await freshInstanceUnderLock()
      const during = await calculate(freeCart).then(async (answer) => ({
        answer,
        answeredWhileLocked: lock.held(),
        settingsReadsWaiting: await readsWaiting(observer),
      }))
      // Released only now that checkout answered.
      await lock.release()

      const { status, data } = during.answer
      expect({ status, code: data.code, message: data.message }).toEqual({
        status: 400,
        code: "settings_unavailable",
        message: TRY_AGAIN,
      })
      expect({
        answeredWhileLocked: during.answeredWhileLocked,
        readsWaitingOnTheLock: during.settingsReadsWaiting,
      }).toEqual({ answeredWhileLocked: true, readsWaitingOnTheLock: 1 })
      // Nothing was priced without the merchant's rules: no freight query at all.
      expect({ freightQueriesDuringTheLock: freightQueries() }).toEqual({ freightQueriesDuringTheLock: [] })
      const noCopy = /; none was read yet and no instance's copy is kept in Medusa's Caching Module: .+ try again$/
      expect({ overranWarnings: linesWith(OVERRAN).slice(overranBefore) }).toEqual({
        overranWarnings: [expect.stringMatching(noCopy)],
      })

      // Once the lock is gone: the merchant's free freight.
      await eventually(async () => linesWith(RECOVERED).length > recoveredBefore, 100, "the settings read again")
      const after = await calculate(freeCart)
      expect({ status: after.status, amount: amountOf(after), queries: freightQueries() }).toEqual({
        status: 200,
        amount: 0,
        queries: [pricedWithTheRules],
      })
      const logged = {
        overranWarnings: linesWith(OVERRAN).length - overranBefore,
        recoveredLines: linesWith(RECOVERED).length - recoveredBefore,
      }
      expect(logged).toEqual({ overranWarnings: 1, recoveredLines: 1 })
    })

    it("prices a new process's first checkout free, by the merchant's rules, when the lock goes in time", async () => {
      const freeCart = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], SALVADOR)
      const overranBefore = linesWith(OVERRAN).length

      const { lock } = await freshInstanceUnderLock()
      let answered = false
      const pending = calculate(freeCart).finally(() => (answered = true))
      // Past the read's bound (its warning logged), checkout still waits for the read: nothing priced yet.
      await eventually(async () => linesWith(OVERRAN).length > overranBefore, 50, "the read past its bound")
      expect({ answeredBeforeTheLockWent: answered, freightQueries: freightQueries() }).toEqual({
        answeredBeforeTheLockWent: false,
        freightQueries: [],
      })
      await lock.release()

      const answer = await pending
      const priced = { status: answer.status, message: answer.data.message, amount: amountOf(answer) }
      expect({ ...priced, queries: freightQueries() }).toEqual({
        status: 200,
        message: undefined,
        amount: 0,
        queries: [pricedWithTheRules],
      })
    })
  },
}
