-- Public page load: GETs one path and counts every response that is not a 200, so
-- that a run over error pages (a 404 renders fast) is never taken for a result.
-- Also reports the mean response size, to tell a full page from a short one.
--
-- With the argument "rebuild", every request asks for a highlight no request asked
-- before (numbers no entrant has, so the page shows the same results): the server
-- cannot answer from its page cache and builds the page from the database each time,
-- as it must for the first request after every change.
local threads = {}
local next_id = 0

function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

function init(args)
  bad = 0
  body_bytes = 0
  rebuild = args[1] == "rebuild"
  sent = 0
end

function request()
  if not rebuild then return wrk.request() end
  sent = sent + 1
  local path = string.format("%s?highlight=%d", wrk.path, 1000000 + sent * 16 + id)
  return wrk.format(nil, path)
end

function response(status, headers, body)
  if status ~= 200 then bad = bad + 1 end
  body_bytes = body_bytes + #body
end

function done(summary, latency, requests)
  local total_bad, total_bytes = 0, 0
  for _, thread in ipairs(threads) do
    total_bad = total_bad + thread:get("bad")
    total_bytes = total_bytes + thread:get("body_bytes")
  end
  local mean = 0
  if summary.requests > 0 then mean = total_bytes / summary.requests end
  io.write(string.format("responses %d non-200 %d body-bytes %d\n",
    summary.requests, total_bad, math.floor(mean)))
end
