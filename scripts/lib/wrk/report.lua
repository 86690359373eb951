-- wrk: the one line scripts/bench-service reads from every run (loaded by
-- each script with dofile, from the repository's root). Every answer must
-- be 2xx: a refused request is counted and fails the run.
function done(summary, latency, requests)
  local errors = summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.timeout
  io.write(string.format("requests %d errors %d rps %.1f p50_ms %.2f p99_ms %.2f\n", summary.requests, errors,
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
