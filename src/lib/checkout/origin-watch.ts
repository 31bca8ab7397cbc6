import { formatCep } from "../brazil/cep"

// Origin CEPs refused (erro_id 101): logged once, shown in the admin until any answer comes.
export class OriginWatch {
  private last: { cep: string; seen_at: string } | null = null
  private readonly logged = new Set<string>()

  report(cep: string, now: Date): boolean {
    this.last = { cep, seen_at: now.toISOString() }
    if (this.logged.has(cep)) return false
    this.logged.add(cep)
    return true
  }

  answered(cep: string): void {
    this.last = null
    this.logged.delete(cep)
  }

  current(): { cep: string; message: string; seen_at: string } | null {
    if (!this.last) return null
    const message = `A transportadora não reconhece o CEP de origem ${formatCep(this.last.cep)}. Corrija o CEP do local de estoque (Configurações → Locais e envio) ou o CEP de origem destas configurações. Enquanto isso, o checkout usa a tabela de contingência, se houver uma.`
    return { ...this.last, message }
  }
}
