-- wrk: the feed as a signed-in person (GET /lifetimer/feed); the token comes from LIFECTL_BENCH_TOKEN.
wrk.method = "GET"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("LIFECTL_BENCH_TOKEN")
dofile("scripts/lib/wrk/report.lua")
