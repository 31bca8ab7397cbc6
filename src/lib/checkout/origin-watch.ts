import { formatCep } from "../brazil/cep"

/** The origin CEPs the freight API refused (erro_id 101): logged once, shown in the admin until any answer comes. */
export class OriginWatch {
  private readonly problems = new Map<string, string>()
  private readonly logged = new Set<string>()

  /** True the first time since that origin last answered, for the caller to log it once. */
  report(cep: string, now: Date): boolean {
    this.problems.delete(cep)
    this.problems.set(cep, now.toISOString())
    if (this.logged.has(cep)) return false
    this.logged.add(cep)
    return true
  }

  answered(cep: string): void {
    this.problems.clear()
    this.logged.delete(cep)
  }

  /** The latest refused origin still unresolved. */
  current(): { cep: string; message: string; seen_at: string } | null {
    const last = [...this.problems.entries()].at(-1)
    if (!last) return null
    const [cep, seenAt] = last
    return {
      cep,
      seen_at: seenAt,
      message:
        `A transportadora não reconhece o CEP de origem ${formatCep(cep)}. Corrija o CEP do local de estoque ` +
        "(Configurações → Locais e envio) ou o CEP de origem destas configurações. Enquanto isso, o checkout usa a tabela de contingência, se houver uma.",
    }
  }
}
