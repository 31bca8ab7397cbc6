import { formatCep } from "../brazil/cep"

/** An origin CEP the freight API does not know (erro_id 101): the merchant's to fix. */
export interface OriginProblem {
  cep: string
  /** For the merchant, pt-BR. */
  message: string
  seen_at: string
}

/**
 * Remembers the origin CEPs the freight API refused, so that the merchant is told (once in the
 * log, and in the admin for as long as it lasts) rather than checkout quietly falling back. Any
 * answer of the service clears what the admin shows: the store ships from a CEP it knows now (a
 * store with another, still wrong, location sees it again at that location's next quote).
 */
export class OriginWatch {
  private readonly problems = new Map<string, string>()
  private readonly logged = new Set<string>()

  /** Records a refused origin; true the first time since that origin last answered, so the caller logs it once. */
  report(cep: string, now: Date = new Date()): boolean {
    this.problems.delete(cep)
    this.problems.set(cep, now.toISOString())
    if (this.logged.has(cep)) return false
    this.logged.add(cep)
    return true
  }

  /** The service answered a query from this origin. */
  answered(cep: string): void {
    this.problems.clear()
    this.logged.delete(cep)
  }

  /** The latest refused origin still unresolved, or null. */
  current(): OriginProblem | null {
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
