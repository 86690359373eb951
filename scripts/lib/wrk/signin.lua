-- wrk: sign-in with a password (POST /auth/token), the service's most expensive request (scrypt).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"grant_type":"password","email":"bench@example.org","password":"bench password 1"}'
dofile("scripts/lib/wrk/report.lua")
