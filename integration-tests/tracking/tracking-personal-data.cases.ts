// LGPD: a tracking order's payload is kept only masked, in every status a row goes through; it is
// purged after the retention period; and a database error while saving one logs none of its
// values. Read from the table directly, through a real Medusa app, Postgres and the sandbox.
import purgeTrackingPayloadsJob from "../../src/jobs/purge-tracking-payloads"
import deliverTrackingOrdersJob from "../../src/jobs/deliver-tracking-orders"
import { eventually, placeOrder, shipOrder } from "../../scripts/lib/store-api"
import { capturedLines } from "../../test-support/log-guard"
import { createTrackingStore, trackingActions, type TrackingStore } from "../helpers/tracking-store"
import type { FreteCases } from "../helpers/frete-runner"

const CPF = "52998224725"
const CPF_FORMATTED = "529.982.247-25"
const BIRTH_DATE = "1990-05-17"
const CARRIER_GUID = "6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d"
/** The shopper's data in clear, as the order has it and the service receives it. */
const CLEAR = [
  CPF,
  CPF_FORMATTED,
  "Maria",
  "Silva",
  "21987654321",
  "98765-4321",
  "maria@example.com.br",
  "Rio Branco",
  "Sala 101",
  BIRTH_DATE,
]

/** Makes every change of a row's payload fail, as a database error while saving it would. */
const REFUSE_PAYLOADS = `
  create or replace function frete_test_refuse_payload() returns trigger language plpgsql as $$
  begin
    if new.payload is distinct from old.payload and new.payload is not null then raise exception 'test: payload refused'; end if;
    return new;
  end $$;
  create trigger frete_test_refuse_payload before update on tracking_order for each row execute function frete_test_refuse_payload();`
const ALLOW_PAYLOADS = `drop trigger if exists frete_test_refuse_payload on tracking_order; drop function if exists frete_test_refuse_payload();`

export const trackingPersonalDataCases: FreteCases = ({ api, getContainer, sandbox, dbConnection }) => {
  let tracking: TrackingStore

  beforeAll(async () => {
    tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID)
  })

  afterEach(async () => {
    await dbConnection.raw(ALLOW_PAYLOADS)
  })

  const admin = () => tracking.store.admin
  const { rowsOf, settled } = trackingActions(api, () => tracking)
  const job = () => deliverTrackingOrdersJob(getContainer())
  const stored = async (orderId: string) =>
    (
      await dbConnection.raw(`select id, status, payload, omitted_fields from tracking_order where order_id = ?`, [
        orderId,
      ])
    ).rows[0] as {
      id: string
      status: string
      payload: Record<string, unknown> | null
      omitted_fields: unknown
    }
  /** The row as stored holds none of the shopper's data in clear, and each personal field masked. */
  const expectMaskedAtRest = async (orderId: string, status: string) => {
    const row = await stored(orderId)
    expect(row.status).toBe(status)
    expect(row.payload).not.toBeNull()
    const text = JSON.stringify(row)
    for (const clear of CLEAR) {
      expect(text).not.toContain(clear)
    }
    expect(row.payload).toMatchObject({
      CustomerName: "M*** d*** S***",
      CustomerDocumentNumber: "***.982.247-**",
      CustomerDateOfBirth: "****-**-**",
      CustomerPhone: "(21) *****-4321",
      CustomerEmail: "m***@example.com.br",
      CustomerStreet: "A*** R*** B***",
      CustomerNumber: "***",
      CustomerComplement: "S*** 1***",
    })
  }
  /** An order of a mug, its shopper's birth date on the customer, fulfilled and marked as shipped. */
  const shipWithBirthDate = async () => {
    const order = await placeOrder(
      api,
      tracking.store,
      tracking.optionId,
      [{ variant_id: tracking.mug, quantity: 1 }],
      { metadata: { cpf: CPF_FORMATTED } }
    )
    const { data } = await api.get(`/admin/orders/${order.id}`, { ...admin(), params: { fields: "id,customer_id" } })
    await api.post(`/admin/customers/${data.order.customer_id}`, { metadata: { date_of_birth: BIRTH_DATE } }, admin())
    await shipOrder(api, tracking.store, order, { trackingNumber: "BR987654321BR" })
    return order
  }

  it("no stored payload holds the name, CPF, birth date, phone, e-mail or address in clear: pending, sending, failed, created", async () => {
    sandbox().setFault("tracking", { mode: "status", status: 503, times: 1 })
    const order = await shipWithBirthDate()
    const [pending] = await settled(order.id)
    expect(pending.status).toBe("pending")
    await expectMaskedAtRest(order.id, "pending")

    // The next attempt hangs: `sending` while the service holds the call, then `failed`.
    sandbox().setFault("tracking", { mode: "hang", times: 1 })
    await eventually(async () => {
      const [row] = await rowsOf(order.id)
      return row.next_attempt_at && new Date(row.next_attempt_at).getTime() < Date.now() - 50
    })
    const attempt = job()
    await eventually(async () => (await stored(order.id)).status === "sending")
    await expectMaskedAtRest(order.id, "sending")
    await attempt
    await eventually(async () => (await stored(order.id)).status === "failed")
    await expectMaskedAtRest(order.id, "failed")

    // The call that hung may have reached the service (`maybe_created`): the merchant resends it on purpose.
    const retried = await api
      .post(`/admin/frete/tracking-orders/${pending.id}/retry`, { resend_maybe_created: true }, admin())
      .catch((error: { response: { status: number; data: { message?: string } } }) => error.response)
    expect({ status: retried.status, message: retried.data.message }).toEqual({ status: 200, message: undefined })
    expect(retried.data.tracking_order.status).toBe("created")
    await expectMaskedAtRest(order.id, "created")

    // What the service received was the clear order, built for the call.
    const received = sandbox().trackingOrders()
    expect(received).toHaveLength(1)
    expect(received[0].order).toMatchObject({
      CustomerDocumentNumber: CPF,
      CustomerDateOfBirth: BIRTH_DATE,
      CustomerPhone: "21987654321",
      CustomerName: "Maria da Silva",
      CustomerStreet: "Avenida Rio Branco",
    })
  })

  it("purges a payload once it is older than the retention period after created or failed, keeping the row", async () => {
    const orders = [await shipWithBirthDate(), await shipWithBirthDate(), await shipWithBirthDate()]
    for (const order of orders) {
      expect((await settled(order.id))[0].status).toBe("created")
    }
    const [old, oldFailed, recent] = await Promise.all(orders.map((order) => stored(order.id)))
    await dbConnection.raw(
      `update tracking_order set delivered_at = now() - interval '91 days', updated_at = now() - interval '91 days' where id = ?`,
      [old.id]
    )
    await dbConnection.raw(
      `update tracking_order set status = 'failed', delivered_at = null, updated_at = now() - interval '91 days' where id = ?`,
      [oldFailed.id]
    )
    await dbConnection.raw(
      `update tracking_order set delivered_at = now() - interval '89 days', updated_at = now() - interval '89 days' where id = ?`,
      [recent.id]
    )

    await purgeTrackingPayloadsJob(getContainer())
    const after = await Promise.all(orders.map((order) => stored(order.id)))
    expect(after.map((row) => row.payload === null)).toEqual([true, true, false])
    expect(after.map((row) => row.omitted_fields === null)).toEqual([true, true, false])
    // The row stays: the fulfillment never gets a second tracking order.
    expect(after.map((row) => row.status)).toEqual(["created", "failed", "created"])

    // A shorter period, saved in the admin, applies at the next run.
    await api.post("/admin/frete/settings", { tracking: { payload_retention_days: 30 } }, admin())
    expect((await api.get("/admin/frete/settings", admin())).data.settings.tracking.payload_retention_days).toBe(30)
    await purgeTrackingPayloadsJob(getContainer())
    expect((await stored(orders[2].id)).payload).toBeNull()
    const refused = await api
      .post("/admin/frete/settings", { tracking: { payload_retention_days: 0 } }, admin())
      .catch((error: { response: { status: number; data: unknown } }) => error.response)
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.data)).toMatch(/payload_retention_days/)
  })

  it("a database error while saving a payload logs none of its values, and the order goes out once it passes", async () => {
    await dbConnection.raw(REFUSE_PAYLOADS)
    const before = capturedLines().length
    const order = await shipWithBirthDate()
    const [row] = await settled(order.id)
    expect(row).toMatchObject({ status: "pending", payload: null })
    expect(row.last_error).toMatch(
      /^Falha temporária na tentativa \d+: não foi possível montar o pedido com os dados do Medusa; nada foi enviado$/
    )
    expect(sandbox().calls({ service: "tracking" })).toHaveLength(0)

    const lines = capturedLines().slice(before)
    expect(lines).toContainEqual(
      expect.stringMatching(/storing a tracking order failed.*P0001|P0001.*storing a tracking order failed/)
    )
    for (const value of [
      ...CLEAR,
      "20040002",
      "Rio de Janeiro",
      "BR987654321BR",
      "***.982.247-**",
      "m***@example.com.br",
      "CustomerName",
    ]) {
      expect(lines.filter((line) => line.includes(value))).toEqual([])
    }

    await dbConnection.raw(ALLOW_PAYLOADS)
    const created = await eventually(async () => {
      await job()
      const [current] = await rowsOf(order.id)
      return current.status === "created" ? current : undefined
    })
    expect(created.attempts).toBeGreaterThanOrEqual(2)
    expect(sandbox().calls({ service: "tracking" })).toHaveLength(1)
    expect(sandbox().trackingOrders()).toHaveLength(1)
  })

  it("a refusal that quotes the shopper's CPF, e-mail, name, address, CEP and phone, in shapes of its own, is kept, shown and logged masked", async () => {
    // The service's own words, quoting the order it refused: what the plugin sent is masked in any shape, besides the patterns.
    const message =
      "CPF 529 982 247 25 de MARIA DA SILVA <maria@example.com.br>, Avenida Rio Branco 1 Sala 101, CEP 20040 002, tel 21 98765 4321 já cadastrado"
    sandbox().setFault("tracking", { mode: "refuse", message, times: 1 })
    const before = capturedLines().length
    const order = await shipWithBirthDate()
    const [shown] = await settled(order.id)
    const kept = (
      await dbConnection.raw(`select status, last_error from tracking_order where order_id = ?`, [order.id])
    ).rows[0] as { status: string; last_error: string }
    const logged = capturedLines()
      .slice(before)
      .filter((line) => line.includes("frete"))
    // The shapes first, as the answer is read (a CPF keeps its middle digits, as everywhere); then every value of the order.
    const masked =
      "O serviço de rastreamento recusou o pedido: CPF ***.982.247-** de M*** DA S*** <m***@example.com.br>, A*** R*** B*** 1 S*** ***, CEP *****-***, tel (21) *****-4321 já cadastrado"
    expect({ status: kept.status, stored: kept.last_error, shownInTheAdmin: shown.last_error }).toEqual({
      status: "failed",
      stored: masked,
      shownInTheAdmin: masked,
    })
    expect({
      logLinesQuotingTheRefusal: logged.some(
        (line) => line.includes("CPF ***.982.247-** de M*** DA S***") && line.includes("m***@example.com.br")
      ),
    }).toEqual({ logLinesQuotingTheRefusal: true })
    for (const clear of [
      CPF,
      "529 982 247 25",
      "maria@example.com",
      "MARIA",
      "SILVA",
      "Rio Branco",
      "Sala 101",
      "20040 002",
      "98765 4321",
    ]) {
      expect({
        clear,
        inTheRow: kept.last_error.includes(clear),
        inTheAdmin: (shown.last_error ?? "").includes(clear),
        logLines: logged.filter((line) => line.includes(clear)),
      }).toEqual({
        clear,
        inTheRow: false,
        inTheAdmin: false,
        logLines: [],
      })
    }
  })
}
