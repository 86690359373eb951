-- wrk: sign-in with a password (POST /auth/token), the service's most expensive request (scrypt).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"grant_type":"password","email":"bench@example.org","password":"bench password 1"}'
-- Every answer must be 200: a refused request is counted and fails the run.
function done(summary, latency, requests)
  local errors = summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.timeout
  io.write(string.format("requests %d errors %d rps %.1f p50_ms %.2f p99_ms %.2f\n", summary.requests, errors,
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
