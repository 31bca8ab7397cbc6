// Reading the admin's pages in a test: the dashboard's language as a merchant sets it, and the Frete page's figures
// as the page writes them in pt-BR or English, from the server's stats.
import type { Page } from "playwright-core"
import type { FreightStats } from "../../src/lib/admin-contract"
import { learnedFigures } from "../../src/admin/lib/freight-stats"

export const brl = (reais: number) =>
  `R$ ${reais
    .toFixed(2)
    .replace(".", ",")
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".")}`

/** The count of a metric's key over the range. */
export const countOf = (stats: FreightStats, metric: string, key: string) =>
  stats.rows.filter((row) => row.metric === metric && row.key === key).reduce((sum, row) => sum + row.count, 0)

/** Numbers as the pt-BR or English page writes them. */
export const shownShare = (share: number | null, locale: string) =>
  share === null ? "—" : new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(share)
export const shownLearned = (stats: FreightStats, locale: string) => {
  const learned = learnedFigures(stats.rows)
  const count = (value: number) => new Intl.NumberFormat(locale).format(value)
  const [of, quotations] = locale === "pt-BR" ? ["de", "cotações"] : ["of", "quotations"]
  const all = (learned?.covered ?? 0) + (learned?.uncovered ?? 0)
  const [median, covered] = [learned?.medianError ?? null, count(learned?.covered ?? 0)]
  return {
    coverage: `${shownShare(learned?.coverage ?? null, locale)} (${covered} ${of} ${count(all)} ${quotations})`,
    within10: shownShare(learned?.within10 ?? null, locale),
    meanError: shownShare(learned?.meanError == null ? null : learned.meanError / 100, locale),
    medianError:
      median === null
        ? "—"
        : median === "inf"
          ? `> ${shownShare(0.5, locale)}`
          : `≤ ${shownShare(Number(median) / 100, locale)}`,
  }
}
export const shownLatency = (bound: string | null, locale: string) => {
  if (bound === null) return "—"
  if (bound === "inf") return "> 10 s"
  const ms = Number(bound)
  return ms < 1000
    ? `≤ ${ms} ms`
    : `≤ ${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(ms / 1000)} s`
}

/** Settings > Profile > Edit: the dashboard's language select, as a merchant changes it. */
export async function setDashboardLanguage(page: Page, url: string, option: string): Promise<void> {
  await page.goto(`${url}/app/settings/profile/edit`)
  const drawer = page.getByRole("dialog")
  await drawer.getByRole("combobox").click()
  await page.getByRole("option", { name: option, exact: true }).click()
  await drawer.getByRole("button", { name: /^(Save|Salvar)$/ }).click()
  await drawer.waitFor({ state: "detached" })
}
