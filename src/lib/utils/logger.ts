export type FreteLogger = Record<"debug" | "info" | "warn" | "error", (message: string) => void>

const quiet = () => undefined
export const silentLogger: FreteLogger = { debug: quiet, info: quiet, warn: quiet, error: quiet }
