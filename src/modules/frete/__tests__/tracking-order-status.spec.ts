import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { TRACKING_ORDER_STATUSES } from "../models/tracking-order-record"

const MIGRATIONS = join(__dirname, "..", "migrations")

/** The statuses each migration's `up` allows in tracking_order's CHECK constraint, in the order the migrations run. */
function checkListsInForce(): Array<{ migration: string; statuses: string[] }> {
  const files = readdirSync(MIGRATIONS)
    .filter((name) => /^Migration\d+\.ts$/.test(name))
    .sort()
  return files.flatMap((migration) => {
    const text = readFileSync(join(MIGRATIONS, migration), "utf8")
    const up = text.slice(0, text.indexOf("async down") === -1 ? undefined : text.indexOf("async down"))
    return [...up.matchAll(/check \("status" in \(([^)]*)\)\)/g)].map((match) => ({
      migration,
      statuses: match[1].split(",").map((value) => value.trim().replace(/^'|'$/g, "")),
    }))
  })
}

describe("tracking order statuses", () => {
  it("are the ones the table's CHECK constraint allows once every migration ran", () => {
    const lists = checkListsInForce()
    // The table's creation, generated from the model, sets the one list, and no later migration replaces it (yet).
    expect(lists).toEqual([
      { migration: "Migration20261129012631.ts", statuses: ["pending", "sending", "created", "failed"] },
    ])
    expect([...lists[lists.length - 1].statuses].sort()).toEqual([...TRACKING_ORDER_STATUSES].sort())
  })

  it("are the four a row goes through", () => {
    expect([...TRACKING_ORDER_STATUSES].sort()).toEqual(["created", "failed", "pending", "sending"])
  })
})
