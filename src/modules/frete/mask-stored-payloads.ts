/** A field of the payload, when it holds a value (`x` in the mask stands for its text). */
const field = (name: string, mask: (x: string) => string) => {
  const x = `(payload->>'${name}')`
  // No jsonb "?" operator: knex takes a question mark for a binding.
  return `case when coalesce(jsonb_typeof(payload->'${name}'), 'null') <> 'null' then jsonb_build_object('${name}', case when jsonb_typeof(payload->'${name}') = 'string' then ${mask(x)} else '***' end) else '{}'::jsonb end`
}

/** "Maria  da Silva" -> "M*** d*** S***", as maskWords. */
const words = (x: string) => `regexp_replace(regexp_replace(btrim(${x}), '\\s+', ' ', 'g'), '(\\S)\\S*', '\\1***', 'g')`
const digits = (x: string) => `regexp_replace(${x}, '\\D', '', 'g')`

/**
 * The masks of src/lib/tracking/mask-payload.ts in SQL, for the payloads stored before it: kept
 * in clear while `pending` or `failed`, and with the name and address in clear once `created`.
 */
export const MASK_STORED_PAYLOADS = `update "tracking_order" set "payload" = "payload"
  || ${field("CustomerName", words)}
  || ${field("CustomerStreet", words)}
  || ${field("CustomerComplement", words)}
  || ${field("CustomerNumber", () => `'***'`)}
  || ${field("CustomerDateOfBirth", () => `'****-**-**'`)}
  || ${field("CustomerDocumentNumber", (x) => `case when ${x} ~ '^\\*\\*\\*\\.(\\d{3}|\\*{3})\\.(\\d{3}|\\*{3})-\\*\\*$' then ${x} when ${x} ~ '^\\d{11}$' then '***.' || substr(${x}, 4, 3) || '.' || substr(${x}, 7, 3) || '-**' else '***.***.***-**' end`)}
  || ${field("CustomerPhone", (x) => `case when ${x} ~ '^\\((\\d{2}|\\*\\*)\\) \\*{4,5}-(\\d{4}|\\*{4})$' then ${x} when ${digits(x)} ~ '^\\d{10,11}$' then '(' || left(${digits(x)}, 2) || ') ' || repeat('*', length(${digits(x)}) - 6) || '-' || right(${digits(x)}, 4) else '(**) *****-****' end`)}
  || ${field("CustomerEmail", (x) => `case when ${x} ~ '^.+@' then left(${x}, 1) || '***' || substring(${x} from '(@[^@]*)$') else '***' end`)}
  where "payload" is not null and jsonb_typeof("payload") = 'object';`
