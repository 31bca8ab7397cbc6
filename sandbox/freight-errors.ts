/**
 * The error answers of the freight service: the table of the interface document, with messages
 * in Portuguese as the service writes them. 400 answers also carry the error's name (erro_nome),
 * since the document says they are "also identified by a name".
 */

export interface FreightErrorBody {
  erro_id: number
  erro_mensagem: string
  erro_nome?: string
}

/**
 * 110 SETOR_INVALIDO is left out: the document calls it legacy and no field of the query can
 * cause it, so the sandbox never answers it.
 */
const REJECTIONS = {
  101: ["CEP_ORIGEM_NAO_ENCONTRADO", "CEP de origem não encontrado na base de CEPs"],
  102: ["CEP_DESTINO_NAO_ENCONTRADO", "CEP de destino não encontrado na base de CEPs"],
  103: ["VALOR_NOTA_INVALIDO", "Valor da nota fiscal inválido"],
  104: ["VOLUMES_INVALIDO", "Nenhum volume informado ou quantidade de volume inválida"],
  106: ["COMPRIMENTO_INVALIDO", "Comprimento inválido"],
  107: ["LARGURA_INVALIDA", "Largura inválida"],
  108: ["ALTURA_INVALIDA", "Altura inválida"],
  109: ["PESO_INVALIDO", "Peso inválido"],
  1000: ["PRECO_INVALIDO", "Preço do volume inválido"],
  301: ["POST_ERRADO", "Parâmetro obrigatório ausente no post"],
  302: ["POST_URL_MAL_FORMATA", "URL mal formatada"],
  303: ["JSON_INVALIDO", "JSON inválido"],
  304: ["REQUISICAO_INVALIDA", "Requisição inválida: nenhum valor para o cálculo foi informado"],
} as const

export type FreightRejectionId = keyof typeof REJECTIONS

/** The body of a 400 answer; `detail` says which member or volume was wrong. */
export function freightRejection(id: FreightRejectionId, detail?: string): Required<FreightErrorBody> {
  const [name, message] = REJECTIONS[id]
  return { erro_id: id, erro_mensagem: detail ? `${message}: ${detail}` : message, erro_nome: name }
}

export const FREIGHT_AUTHENTICATION_ERROR: FreightErrorBody = { erro_id: 1, erro_mensagem: "Erro de autenticação" }
export const FREIGHT_QUERY_LIMIT_ERROR: FreightErrorBody = { erro_id: 2, erro_mensagem: "Limite de consultas atingido" }
export const FREIGHT_SERVER_ERROR: FreightErrorBody = { erro_id: 0, erro_mensagem: "Erro no servidor" }
