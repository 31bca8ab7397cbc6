import type { MedusaContainer } from "@medusajs/framework/types"
import { createUserAccountWorkflow } from "@medusajs/medusa/core-flows"
import type { AxiosInstance } from "axios"

export const ADMIN_EMAIL = "admin@loja-teste.com.br"
export const ADMIN_PASSWORD = "senha-de-teste-123"

export interface AdminHeaders {
  headers: { authorization: string }
}

function authIdentityIdOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"))
  return payload.auth_identity_id
}

/**
 * An admin user made the way a real one is: registered through the emailpass auth route, given a
 * user account by Medusa's own workflow, then logged in. Returns the bearer headers.
 */
export async function createAdminUser(api: AxiosInstance, container: MedusaContainer): Promise<AdminHeaders> {
  const credentials = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }
  const registration = await api.post("/auth/user/emailpass/register", credentials)
  await createUserAccountWorkflow(container).run({
    input: { authIdentityId: authIdentityIdOf(registration.data.token), userData: { email: ADMIN_EMAIL } },
  })
  const login = await api.post("/auth/user/emailpass", credentials)
  return { headers: { authorization: `Bearer ${login.data.token}` } }
}
