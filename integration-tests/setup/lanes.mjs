// `npm test` and `npm run test:integration`: the integration specs in two jest runs side by side,
// one per core (with `--unit --lint`, as `npm test` runs it, the unit tests first in the apps lane
// and `npm run lint` first in the servers lane).
//
// - "apps": every spec that boots its Medusa app in the jest worker (the group files, and the
//   files of a configuration of their own), one file at a time.
// - "servers": the browser, package and multi-instance specs, one at a time. They start Medusa
//   servers of their own from this checkout (`medusa start`, `npm run build` then `npm pack`),
//   so two of them at once would rebuild `.medusa/` under each other: they keep to one lane.
//
// The runs share one throwaway Postgres, started here (unless DB_HOST names one), and one run
// name (FRETE_TEST_RUN): the first app of a module set migrates its database, and every later one,
// in either lane, starts from a copy of it. With arguments (a spec's path, jest flags), one jest
// run gets them instead, and its global setup starts its own: `npm run test:integration -- <path>`.
import { spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { newTestRun, removeRunLeftovers, startTestPostgres } from "./test-postgres.mjs"

const SERVERS = "integration-tests/(browser|package|scale)/"
// Alone, the servers' lane would end minutes before the apps': once its servers are done, it takes
// these apps specs (the bad-input group, the RBAC spec), so that both lanes end at about the same
// time as CI runs them, with the oldest-Medusa store installed afresh.
const SECOND_HALF = "integration-tests/(http|admin)/"
// Paths first: `--selectProjects` takes every word after it up to the next flag.
const INTEGRATION = ["--selectProjects", "integration"]
// Medusa's ORM allocates short-lived objects by the million: a young generation larger than V8's
// default (16 MB semi-spaces) collects them less often. The jest workers, the apps they boot and
// the servers they start inherit it; one group file ran in 179 s with it, 190 s without.
const YOUNG_GENERATION = "--max-semi-space-size=64"
// Each run writes its results (per file and per test, with times) to <dir>/<run>.json: the
// directory FRETE_TEST_TIMES_DIR names, else a temporary one. The recap at the end reads them.
const RESULTS = process.env.FRETE_TEST_TIMES_DIR || fs.mkdtempSync(path.join(os.tmpdir(), "frete-test-results-"))
fs.mkdirSync(RESULTS, { recursive: true })
const results = []

const children = new Set()

function run(name, args, project = INTEGRATION) {
  const started = Date.now()
  const outputFile = path.join(RESULTS, `${name.replace(/\W+/g, "-")}.json`)
  fs.rmSync(outputFile, { force: true })
  results.push({ name, outputFile })
  const times = ["--json", `--outputFile=${outputFile}`]
  // Medusa's test runner loads the framework with `import()`, which jest runs only with Node's VM
  // modules; the unit tests need none, and run faster without (82 s with them, 53 s without).
  const vmModules = project === INTEGRATION ? ["--experimental-vm-modules"] : []
  return new Promise((resolve) => {
    const child = spawn("npx", ["jest", ...args, ...project, ...times], {
      stdio: "inherit",
      env: {
        ...process.env,
        NODE_OPTIONS: [process.env.NODE_OPTIONS, ...vmModules, YOUNG_GENERATION].filter(Boolean).join(" "),
      },
    })
    children.add(child)
    child.on("exit", (code, signal) => {
      children.delete(child)
      const seconds = Math.round((Date.now() - started) / 1000)
      console.log(`\n[${name}] exit ${code ?? signal} after ${seconds} s`)
      resolve(code ?? 1)
    })
  })
}

const UNIT = ["--selectProjects", "unit"]
const passed = process.argv.slice(2).filter((arg) => arg !== "--unit" && arg !== "--lint")
const withUnit = process.argv.includes("--unit")
const withLint = process.argv.includes("--lint")

let lintFailed = false
/** `npm run lint` (prettier and ESLint), first in the servers' lane: a few seconds beside the unit tests. */
function lint() {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "lint", "--silent"], { stdio: "inherit" })
    children.add(child)
    child.on("exit", (code, signal) => {
      children.delete(child)
      console.log(`\n[lint] exit ${code ?? signal}`)
      lintFailed = code !== 0
      resolve(code ?? 1)
    })
  })
}

/** The jest runs one after the other; the first failure's code, else 0. */
async function inTurn(...runs) {
  let failed = 0
  for (const next of runs) {
    const code = await next()
    failed ||= code
  }
  return failed
}

/** Runs `runs` on one Postgres (this one's, unless DB_HOST names one) under one run name, then removes what they left. */
async function onOnePostgres(runs) {
  const postgres = process.env.DB_HOST ? undefined : await startTestPostgres()
  const run = newTestRun()
  Object.assign(process.env, postgres?.env, { FRETE_TEST_RUN: run })
  const stop = async () => {
    await removeRunLeftovers(run, { databases: !postgres })
    await postgres?.stop()
  }
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, async () => {
      for (const child of children) child.kill(signal)
      await stop()
      process.exit(1)
    })
  }
  try {
    return await runs()
  } finally {
    await stop()
  }
}

const codes = passed.length
  ? [await run("integration", passed)]
  : await onOnePostgres(() =>
      Promise.all([
        inTurn(...(withUnit ? [() => run("unit", ["--maxWorkers=1", "--workerIdleMemoryLimit=2GB"], UNIT)] : []), () =>
          run("apps", ["--maxWorkers=1", "--testPathIgnorePatterns", SERVERS, SECOND_HALF])
        ),
        inTurn(
          ...(withLint ? [lint] : []),
          () => run("servers", ["--maxWorkers=1", "--testPathPattern", SERVERS]),
          () => run("servers, then apps", ["--maxWorkers=1", "--testPathPattern", SECOND_HALF])
        ),
      ])
    )

// The recap, printed last: a failing test's lines come among thousands of a server's log lines, and
// a log read from its end (as CI's excerpt is) must still name it and say why.
// eslint-disable-next-line no-control-regex -- the escape character is what a colour code starts with
const ANSI = /\u001b\[[0-9;]*m/g
/** A message's first 20 lines, without colours and without jest's and Node's own frames. */
const excerpt = (message) =>
  message
    .replace(ANSI, "")
    .split("\n")
    .filter((line) => line.trim() && !/node_modules\/jest-|node:internal|\(<anonymous>\)/.test(line))
    .slice(0, 20)
    .map((line) => `      ${line}`)
const recap = lintFailed
  ? ["[lint] prettier or ESLint would change a file (`npm run lint` names it; `npm run format`)"]
  : []
const names = []
for (const { name, outputFile } of results) {
  let report
  try {
    report = JSON.parse(fs.readFileSync(outputFile, "utf8"))
  } catch {
    if (codes.some((code) => code !== 0))
      recap.push(`[${name}] wrote no results (${outputFile}): its own output above says why`)
    continue
  }
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed")
    if (file.status !== "failed" && !failed.length) continue
    recap.push(`[${name}] ${path.relative(process.cwd(), file.name)}`)
    for (const test of failed) {
      recap.push(`  ✕ ${test.fullName}`, ...excerpt(test.failureMessages.join("\n")))
      names.push(`  ✕ ${path.relative(process.cwd(), file.name)} › ${test.fullName}`)
    }
    if (!failed.length) {
      recap.push(...excerpt(file.message ?? ""))
      names.push(`  ✕ ${path.relative(process.cwd(), file.name)} (the file itself)`)
    }
  }
}
if (!process.env.FRETE_TEST_TIMES_DIR) fs.rmSync(RESULTS, { recursive: true, force: true })
if (recap.length) {
  console.log(`\nWhat failed, once more (each run's full output is above):\n${recap.join("\n")}`)
  if (names.length) console.log(`\n${names.length} failed:\n${names.join("\n")}`)
}
process.exit(codes.find((code) => code !== 0) ?? 0)
