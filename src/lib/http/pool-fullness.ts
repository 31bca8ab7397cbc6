import type { Pool } from "undici"

/** Whether a pool had every socket it may open connected at some moment since a time. */
export interface PoolFullness {
  /** Notes whether the pool is full now: at a request's dispatch, since a full pool may stay so without an event. */
  observe(): void
  /** `since`: a `performance.now()` time. */
  wasFullSince(since: number): boolean
}

/**
 * Watches a pool for the moments it is full: every one of its `connections` sockets connected.
 * A request that never reached a socket while the pool was full at some point of its wait was
 * queued behind the plugin's own requests; one that waited while the pool never filled waited
 * for the service to accept a connection. Asked only when a deadline runs out, after the
 * fact: by then aborting the requests sent on those sockets may have closed them, so the count of
 * the moment says nothing; the moments are kept as they happen instead.
 */
export function watchPoolFullness(pool: Pool, connections: number): PoolFullness {
  let fullAt = -Infinity
  // `disconnected`: a socket just closed, and the count no longer has it.
  const note = (disconnected: number) => {
    if (pool.stats.connected + disconnected >= connections) fullAt = performance.now()
  }
  pool.on("connect", () => note(0))
  pool.on("disconnect", () => note(1))
  return {
    observe: () => note(0),
    wasFullSince: (since) => {
      note(0)
      return fullAt >= since
    },
  }
}
