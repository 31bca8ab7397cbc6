import type { MedusaContainer } from "@medusajs/framework/types"
import { createUserAccountWorkflow } from "@medusajs/medusa/core-flows"
import type { AxiosInstance, AxiosResponse } from "axios"
import type { AdminHeaders } from "./admin-auth"

/** Medusa's role with every policy, made by the RBAC module when it starts. */
export const SUPER_ADMIN_ROLE = "role_super_admin"

type AxiosFailure = {
  config?: { method?: string; url?: string }
  response?: { status: number; data: unknown }
  message: string
}

/**
 * An axios failure as a plain error: the axios one links its request and response in a circle,
 * which jest cannot send from its worker, so a failed setup call would end the file unreported.
 */
export async function plainly(call: Promise<AxiosResponse>): Promise<AxiosResponse> {
  return call.catch((error: AxiosFailure) => {
    const where = `${error.config?.method?.toUpperCase() ?? ""} ${error.config?.url ?? ""}`.trim()
    throw new Error(
      error.response
        ? `${where}: ${error.response.status} ${JSON.stringify(error.response.data)}`
        : `${where}: ${error.message}`
    )
  })
}

function authIdentityIdOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"))
  return payload.auth_identity_id
}

/**
 * An admin user with the given RBAC roles, made as `medusa user` makes one (registered through the
 * emailpass route, given an account and its roles by Medusa's workflow), then logged in: the
 * token carries the roles, as the dashboard's does.
 */
export async function createUserWithRoles(
  api: AxiosInstance,
  container: MedusaContainer,
  email: string,
  roles: string[]
): Promise<AdminHeaders> {
  const credentials = { email, password: "senha-de-teste-123" }
  const registration = await plainly(api.post("/auth/user/emailpass/register", credentials))
  await createUserAccountWorkflow(container).run({
    input: { authIdentityId: authIdentityIdOf(registration.data.token), userData: { email, roles } },
  })
  const login = await plainly(api.post("/auth/user/emailpass", credentials))
  return { headers: { authorization: `Bearer ${login.data.token}` } }
}

/** Creates a role through Medusa's admin RBAC API with the policies of the given `resource:operation` keys. */
export async function createRole(
  api: AxiosInstance,
  superAdmin: AdminHeaders,
  name: string,
  keys: string[]
): Promise<string> {
  const { data } = await plainly(
    api.get("/admin/rbac/policies", { ...superAdmin, params: { limit: 1000, fields: "id,key" } })
  )
  const policies = data.policies as Array<{ id: string; key: string }>
  const ids = keys.map((key) => {
    const policy = policies.find((candidate) => candidate.key === key)
    if (!policy) {
      throw new Error(
        `No RBAC policy ${key}: the policies known are ${policies.map((candidate) => candidate.key).join(", ")}`
      )
    }
    return policy.id
  })
  const { data: created } = await plainly(api.post("/admin/rbac/roles", { name, policy_ids: ids }, superAdmin))
  return created.role.id
}
