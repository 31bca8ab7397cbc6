import Medusa from "@medusajs/js-sdk"

/** The Medusa server's URL as the dashboard is built with it; "/" is the dashboard's own origin. */
export const BACKEND_URL: string = import.meta.env.VITE_BACKEND_URL || "/"

export const sdk = new Medusa({
  baseUrl: BACKEND_URL,
  auth: { type: "session" },
})
