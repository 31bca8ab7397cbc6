export declare const PG_USER: string
export declare const PG_PASSWORD: string
export declare function freePort(): Promise<number>
export declare function startPostgres(options: {
  dir: string
  port?: number
  persistent?: boolean
  log?: (message: unknown) => void
}): Promise<{ server: { stop(): Promise<void> }; port: number }>
