import { REDIS_INSTALL, redisServerBinary, startRedis } from "../redis"

describe("the tests' Redis", () => {
  it("a missing redis-server fails with the command that installs it", () => {
    expect(() => redisServerBinary("/nonexistent/redis-server")).toThrow(REDIS_INSTALL)
  })

  it("starts on a free loopback port, answers, and stops", async () => {
    const redis = await startRedis()
    try {
      expect(redis.url).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/)
    } finally {
      await redis.stop()
    }
  })
})
