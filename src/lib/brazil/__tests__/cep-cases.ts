/**
 * The one table of typed CEPs both sides are tested against: the server's `tryNormalizeCep`
 * (cep.spec.ts here) and the storefront kit's (storefront/__tests__/cep.spec.ts). What one accepts,
 * the other accepts, as the same 8 digits.
 */
export const ACCEPTED_CEPS: ReadonlyArray<readonly [typed: string, digits: string]> = [
  ["20040-002", "20040002"],
  ["20040002", "20040002"],
  ["20.040-002", "20040002"],
  [" 20040-002 ", "20040002"],
  ["\t20.040-002\n", "20040002"],
  [" 20040002 ", "20040002"],
  ["01310-100", "01310100"],
  ["01.310-100", "01310100"],
  ["01310 100", "01310100"],
  ["04538-133", "04538133"],
]

export const REFUSED_CEPS: ReadonlyArray<string> = [
  "",
  "   ",
  "-",
  "2004000",
  "200400021",
  "1234-567",
  "0131010",
  "013101000",
  "2004O-002",
  "20040-00a",
  "abcdefgh",
  "abcde-fgh",
  "+20040002",
  "20040/002",
  "20040_002",
]
