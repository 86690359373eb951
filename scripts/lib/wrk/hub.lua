-- wrk: hub round trips as a signed-in person (SRV-4): a device sends a 16 KiB
-- bundle (POST /sync/bundles, the first link of a new device's chain) and
-- reads it back (GET /sync/bundles). Run with one connection per thread, so
-- each read follows its send; the token comes from LIFECTL_BENCH_TOKEN.
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("number", threads)
end

local token = os.getenv("LIFECTL_BENCH_TOKEN")
local ciphertext = string.rep("A", 21848)
local count = 0
local device

function request()
  count = count + 1
  if count % 2 == 1 then
    device = string.format("%08x-0000-4000-8000-%012x", number, count)
    return wrk.format("POST", "/sync/bundles",
      { ["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json" },
      '{"device_id":"' .. device .. '","sequence":1,"ciphertext":"' .. ciphertext .. '"}')
  end
  return wrk.format("GET", "/sync/bundles?device=" .. device .. "&after=0&limit=1",
    { ["Authorization"] = "Bearer " .. token })
end

-- A round trip is two requests: its rate is half the requests'.
dofile("scripts/lib/wrk/report.lua")
