-- Drives `vercors-py lsp` through Neovim's built-in LSP client (Neovim 0.7.2 and later).
--
-- Run by tests/editors/test_neovim.py as
--   nvim --headless --clean -u NONE -c "luafile check.lua"
-- with these environment variables:
--   VERCORS_CHECK_FILE     the file to open (a copy of a failing kernel: .pvl, .cu or .cl)
--   VERCORS_CHECK_FIXED    a file whose text fixes it
--   VERCORS_CHECK_CODE     the diagnostic code expected first (e.g. perm.read)
--   VERCORS_CHECK_TIMEOUT  seconds to wait for each step (default 60)
--   VERCORS_CHECK_SCENARIO "fix" (default) or "never" (below)
--   VERCORS_CHECK_NAME_AT  optional, line:column of a name: press K (hover) and gd (go to
--                          definition) there, as a user would, and wait for the lenses
-- and either
--   VERCORS_PY             the vercors-py executable: this script starts the client itself
--                          (vim.lsp.start_client + vim.lsp.buf_attach_client)
-- or
--   VERCORS_CHECK_USE_INIT=1  the init file (`-u`, e.g. a snippet of docs/editor.md) sets
--                          the filetype, starts and attaches the client and maps the keys.
--
-- "fix": open the file, wait for a diagnostic with the expected code, replace the text
-- with the fixed one, write the file (didSave: the server verifies again), wait until
-- the diagnostics are cleared.
-- "never" (the init file sets verifyOn = "never"): open the file, wait for its fast
-- checks, write it, and ask the server how many verifications it is running
-- (vercorsPy.stopVerification): none, and no publication so far has the code; the
-- lenses say "not verified"; then the verify command (what the lens runs) reports the
-- code.
-- Both then stop the client and quit with status 0. Each step prints a line to stdout;
-- on failure the script prints what it saw and quits with `cquit`.

local function say(fmt, ...)
  io.stdout:write(string.format(fmt, ...) .. "\n")
  io.stdout:flush()
end

local env = vim.env
local timeout_ms = math.floor((tonumber(env.VERCORS_CHECK_TIMEOUT) or 60) * 1000)
local publishes = {}   -- every textDocument/publishDiagnostics received, in order
local server_exit = nil

-- Record every publication (version and codes) before passing it on to Neovim's handler.
local default_publish = vim.lsp.handlers["textDocument/publishDiagnostics"]
vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
  if result then
    local codes = {}
    for _, d in ipairs(result.diagnostics or {}) do
      table.insert(codes, tostring(d.code))
    end
    table.insert(publishes, { version = result.version, codes = codes })
  end
  return default_publish(err, result, ctx, config)
end

local function describe_diagnostics(bufnr)
  local parts = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(parts, string.format("%s at %d:%d: %s", tostring(d.code), d.lnum + 1,
      d.col + 1, (d.message:gsub("\n", " | "))))
  end
  if #parts == 0 then return "none" end
  return table.concat(parts, "; ")
end

local function describe_publishes()
  local parts = {}
  for i, p in ipairs(publishes) do
    table.insert(parts, string.format("#%d v%s [%s]", i, tostring(p.version),
      table.concat(p.codes, ",")))
  end
  return table.concat(parts, " ")
end

local function clients_of(bufnr)
  local found = {}
  if vim.lsp.get_clients then  -- 0.10+
    found = vim.lsp.get_clients({ bufnr = bufnr })
  else                         -- 0.7 - 0.9
    for _, c in pairs(vim.lsp.buf_get_clients(bufnr)) do table.insert(found, c) end
  end
  return found
end

local function fail(what, bufnr)
  say("FAILED: %s", what)
  if bufnr then
    say("diagnostics now: %s", describe_diagnostics(bufnr))
    say("clients attached: %d", #clients_of(bufnr))
  end
  say("publications: %s", describe_publishes())
  if server_exit then say("server exited: code %s, signal %s", server_exit[1], server_exit[2]) end
  error("check failed", 0)
end

local function wait_for_diagnostic(bufnr, code)
  local hit = nil
  local got = vim.wait(timeout_ms, function()
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      if d.code == code then hit = d; return true end
    end
    return false
  end, 50)
  if not got then fail("no diagnostic " .. code .. " within the timeout", bufnr) end
  return hit
end

-- 0.11 calls a client's methods with `:`, 0.7 - 0.10 with `.`
local function request_sync(client, method, params, bufnr)
  local answer, err
  if vim.fn.has("nvim-0.11") == 1 then
    answer, err = client:request_sync(method, params, timeout_ms, bufnr)
  else
    answer, err = client.request_sync(method, params, timeout_ms, bufnr)
  end
  if not answer then fail(method .. ": " .. tostring(err), bufnr) end
  if answer.err then fail(method .. ": " .. vim.inspect(answer.err), bufnr) end
  return answer.result
end

local function command(client, name, bufnr)
  return request_sync(client, "workspace/executeCommand",
    { command = name, arguments = { vim.uri_from_bufnr(bufnr) } }, bufnr)
end

local function lens_titles(bufnr)
  local titles = {}
  for _, lens in ipairs(vim.lsp.codelens.get(bufnr)) do
    if lens.command then table.insert(titles, lens.command.title) end
  end
  return titles
end

-- Wait until the buffer's lenses (as the snippet's refreshes fetched them) satisfy `ok`.
local function wait_for_lenses(bufnr, ok, what)
  local titles = {}
  local got = vim.wait(timeout_ms, function()
    titles = lens_titles(bufnr)
    return #titles > 0 and ok(titles)
  end, 50)
  if not got then fail(what .. "; lenses: [" .. table.concat(titles, ", ") .. "]", bufnr) end
  return titles
end

local function floating_text()
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= "" then
      local lines = {}
      for _, line in ipairs(vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false)) do
        if line:find("%S") then table.insert(lines, vim.trim(line)) end
      end
      return win, table.concat(lines, " | ")
    end
  end
  return nil, nil
end

-- The keys must be the buffer's own mapping: unmapped, K runs 'keywordprg' (man) and gd
-- searches the text.
local function press(keys, bufnr)
  local mapping = vim.fn.maparg(keys, "n", false, true)
  if vim.tbl_isempty(mapping) or mapping.buffer ~= 1 then
    fail(keys .. " is not mapped in the buffer", bufnr)
  end
  vim.cmd("normal " .. keys)
end

local function features(bufnr, name_at)
  local line, column = name_at:match("^(%d+):(%d+)$")
  local cursor = { tonumber(line), tonumber(column) - 1 }

  wait_for_lenses(bufnr, function() return true end, "no code lenses in the buffer")
  say("lenses shown")

  vim.api.nvim_win_set_cursor(0, cursor)
  press("K", bufnr)
  local win, text = nil, nil
  if not vim.wait(timeout_ms, function() win, text = floating_text(); return win ~= nil end, 50) then
    fail("K opened no hover window", bufnr)
  end
  say("hover shown")
  say("hover text %s", text)
  vim.api.nvim_win_close(win, true)

  vim.api.nvim_win_set_cursor(0, cursor)
  press("gd", bufnr)
  local now = cursor
  if not vim.wait(timeout_ms, function()
    now = vim.api.nvim_win_get_cursor(0)
    return now[1] ~= cursor[1] or now[2] ~= cursor[2]
  end, 50) then
    fail("gd did not move the cursor", bufnr)
  end
  say("definition at %d:%d", now[1], now[2] + 1)
end

local function fix(bufnr, fixed, code)
  local hit = wait_for_diagnostic(bufnr, code)
  say("diagnostic %s at %d:%d", hit.code, hit.lnum + 1, hit.col + 1)
  say("message %s", (hit.message:gsub("\n", " | ")))
  if env.VERCORS_CHECK_NAME_AT then features(bufnr, env.VERCORS_CHECK_NAME_AT) end

  -- Fix the text. Wait for the fast checks of the edited version before saving, so that
  -- the publication awaited after the save cannot be one made before it.
  vim.api.nvim_buf_set_lines(bufnr, 0, -1, false, fixed)
  -- the version of the last didChange: 0.7-0.10 keep it in buf_versions, 0.11 sends
  -- b:changedtick
  local version = (vim.lsp.util.buf_versions or {})[bufnr] or vim.b[bufnr].changedtick
  local edited = vim.wait(timeout_ms, function()
    local last = publishes[#publishes]
    return last ~= nil and last.version == version
  end, 50)
  if not edited then fail("no diagnostics published for the edited version " .. tostring(version), bufnr) end
  say("edited version %s: %d diagnostics", tostring(version), #publishes[#publishes].codes)

  -- Save: didSave, the server verifies the fixed text; its diagnostics clear.
  local before_save = #publishes
  vim.cmd("write")
  say("saved")
  local cleared = vim.wait(timeout_ms, function()
    return #publishes > before_save and #publishes[#publishes].codes == 0
      and #vim.diagnostic.get(bufnr) == 0
  end, 50)
  if not cleared then fail("the diagnostics did not clear after saving", bufnr) end
  say("cleared")
end

local function never(bufnr, client, code)
  if not vim.wait(timeout_ms, function() return #publishes > 0 end, 50) then
    fail("nothing published after opening", bufnr)
  end
  vim.cmd("write")
  say("saved")
  -- The server answers after it has handled the didOpen and the didSave before it. A
  -- verification started on open is running (and counted) until it publishes its result.
  local stopped = command(client, "vercorsPy.stopVerification", bufnr).stopped
  local seen = false
  for _, p in ipairs(publishes) do
    if vim.tbl_contains(p.codes, code) then seen = true end
  end
  if stopped ~= 0 or seen then
    fail(string.format("verified although verifyOn is never: %d running, %s published",
      stopped, seen and code or "nothing"), bufnr)
  end
  say("no verification on open or save")
  local titles = wait_for_lenses(bufnr, function(t)
    for _, title in ipairs(t) do
      if title:find("not verified", 1, true) then return true end
    end
    return false
  end, "no lens says the file is not verified")
  say("lenses %s", table.concat(titles, ", "))

  local answer = command(client, "vercorsPy.verify", bufnr)
  say("verify command: %s, %s errors", tostring(answer.verdict), tostring(answer.errors))
  local hit = wait_for_diagnostic(bufnr, code)
  say("verified on request: %s at %d:%d", hit.code, hit.lnum + 1, hit.col + 1)
end

local function main()
  local file = assert(env.VERCORS_CHECK_FILE, "VERCORS_CHECK_FILE is not set")
  local fixed = vim.fn.readfile(assert(env.VERCORS_CHECK_FIXED, "VERCORS_CHECK_FIXED is not set"))
  local code = env.VERCORS_CHECK_CODE or "perm.read"
  local scenario = env.VERCORS_CHECK_SCENARIO or "fix"
  say("nvim %s", tostring(vim.version().major .. "." .. vim.version().minor .. "." .. vim.version().patch))

  local client_id = nil
  local use_init = env.VERCORS_CHECK_USE_INIT == "1"
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  if not use_init then
    vim.bo.filetype = "pvl"
    client_id = vim.lsp.start_client({
      name = "vercors-py",
      cmd = { assert(env.VERCORS_PY, "VERCORS_PY is not set"), "lsp" },
      root_dir = vim.fn.fnamemodify(file, ":p:h"),
      on_exit = function(exit_code, signal) server_exit = { exit_code, signal } end,
    })
    if not client_id then fail("vim.lsp.start_client returned nil") end
    vim.lsp.buf_attach_client(0, client_id)
  end
  local bufnr = vim.api.nvim_get_current_buf()
  say("filetype %s", vim.bo[bufnr].filetype)

  -- Starting the server is not what a short VERCORS_CHECK_TIMEOUT is about: a loaded
  -- machine may take longer than it to start Python and import the solver.
  local attached = vim.wait(math.max(timeout_ms, 60000), function() return #clients_of(bufnr) > 0 end, 50)
  if not attached then fail("no client attached to the buffer", bufnr) end
  local client = clients_of(bufnr)[1]
  client_id = client.id
  say("attached %s", client.name)

  if scenario == "never" then
    never(bufnr, client, code)
  else
    fix(bufnr, fixed, code)
  end

  -- Stop the client; the server shuts down and exits.
  if vim.lsp.stop_client then
    vim.lsp.stop_client(client_id)
  else
    client:stop()
  end
  local stopped = vim.wait(timeout_ms, function()
    local c = vim.lsp.get_client_by_id(client_id)
    return (c == nil or c.is_stopped(c)) and (use_init or server_exit ~= nil)
  end, 50)
  if not stopped then fail("the client did not stop", bufnr) end
  if server_exit then
    say("server exited with code %s", tostring(server_exit[1]))
    if server_exit[1] ~= 0 then fail("the server exited with a non-zero code", bufnr) end
  else
    say("stopped")
  end
end

local ok, err = xpcall(main, function(e)
  if e == "check failed" then return e end
  return debug.traceback(tostring(e), 2)
end)
if ok then
  say("OK")
  vim.cmd("qall!")
else
  if err ~= "check failed" then say("FAILED: error: %s", err) end
  vim.cmd("cquit 1")
end
