import { z } from "zod"
import { MAX_HANDLING_DAYS } from "../../../../../../lib/checkout/handling-days"

const DAYS_MESSAGE = `Prazo de manuseio inválido: use um número inteiro de dias, de 0 a ${MAX_HANDLING_DAYS}.`

/** `{ handling_days }`: whole days from 0 to 365, or null to remove the product's own value. */
export const HandlingDaysBody = z.object(
  {
    handling_days: z.number({ error: DAYS_MESSAGE }).int(DAYS_MESSAGE).min(0, DAYS_MESSAGE).max(MAX_HANDLING_DAYS, DAYS_MESSAGE).nullable(),
  },
  { error: "Informe { handling_days } com um número de dias ou null." }
)
