-- Score entry load: POSTs hands through the JSON API, each thread on matches of
-- its own, round robin, so that no two requests in flight target one match and
-- every request carries the right expected sequence number.
local threads = {}
local next_id = 0

function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

function init(args)
  local file = assert(io.open(args[1]))
  local all = {}
  for line in file:lines() do table.insert(all, line) end
  file:close()
  token = args[2]
  local count = tonumber(args[3])
  mine = {}
  for index, match in ipairs(all) do
    if (index - 1) % count == id then table.insert(mine, match) end
  end
  seq = {}
  sent = 0
  ok = 0
  refused = 0
  by_status = {}
end

function request()
  sent = sent + 1
  local match = mine[(sent % #mine) + 1]
  local s = seq[match] or 0
  seq[match] = s + 1
  local winner = (s % 2 == 0) and "A" or "B"
  local body = string.format('{"expected_seq":%d,"entry":{"type":"hand","winner":"%s"}}', s, winner)
  return wrk.format("POST", "/api/v1/matches/" .. match .. "/entries",
    { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token }, body)
end

function response(status, headers, body)
  if status == 201 then
    ok = ok + 1
  else
    refused = refused + 1
    by_status[status] = (by_status[status] or 0) + 1
    -- wrk may build one request it never sends; a stale answer names the
    -- match's current sequence number, so the thread catches up instead of
    -- being refused for that match from then on.
    local match = body:match('"id":"([^"]+)"')
    local current = body:match('"current_seq":(%d+)')
    if status == 409 and match and current then seq[match] = tonumber(current) end
  end
end

function done(summary, latency, requests)
  local total_ok, total_refused, statuses = 0, 0, {}
  for _, thread in ipairs(threads) do
    total_ok = total_ok + thread:get("ok")
    total_refused = total_refused + thread:get("refused")
    for status, count in pairs(thread:get("by_status")) do
      statuses[status] = (statuses[status] or 0) + count
    end
  end
  io.write(string.format("recorded %d refused %d\n", total_ok, total_refused))
  -- A 409 is the request wrk built and never sent (above); anything else, a
  -- server error above all, is a finding.
  local seen = {}
  for status, count in pairs(statuses) do table.insert(seen, string.format("%d x%d", status, count)) end
  table.sort(seen)
  if #seen > 0 then io.write("refused by status: " .. table.concat(seen, ", ") .. "\n") end
  -- The tail in more detail than wrk's own table (times in ms).
  io.write(string.format("latency p50 %.2f p90 %.2f p95 %.2f p99 %.2f p99.9 %.2f max %.2f ms\n",
    latency:percentile(50)/1000, latency:percentile(90)/1000, latency:percentile(95)/1000,
    latency:percentile(99)/1000, latency:percentile(99.9)/1000, latency.max/1000))
end
