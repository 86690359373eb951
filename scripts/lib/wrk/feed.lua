-- wrk: the feed as a signed-in person (GET /lifetimer/feed); the token comes from LIFECTL_BENCH_TOKEN.
wrk.method = "GET"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("LIFECTL_BENCH_TOKEN")
-- Every answer must be 200: a refused request is counted and fails the run.
function done(summary, latency, requests)
  local errors = summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.timeout
  io.write(string.format("requests %d errors %d rps %.1f p50_ms %.2f p99_ms %.2f\n", summary.requests, errors,
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
