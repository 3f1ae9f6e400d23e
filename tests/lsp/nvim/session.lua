-- A whole language server session driven by Neovim's own LSP client (not written here), against
-- `hclschema lsp` on a copy of the bundled example. Run by ctest (tests/lsp/CMakeLists.txt):
--
--   HCLSCHEMA_BIN=build/hclschema HCLSCHEMA_SOURCE_DIR=. \
--     nvim --headless -u NONE -i NONE -c 'luafile tests/lsp/nvim/session.lua'
--
-- Works with Neovim 0.7 (Debian bookworm) and later. Exits 0 when every check passed, 1 with a
-- message on stderr at the first failure. The example is copied into a temporary workspace, so the
-- tree is never written.

local bin = os.getenv('HCLSCHEMA_BIN')
local source_dir = os.getenv('HCLSCHEMA_SOURCE_DIR')
local timeout = 10000

local function log(message)
  io.stdout:write(message .. '\n')
end

local function fail(message)
  error({ hclschema_failure = message })
end

local function check(condition, message)
  if not condition then fail(message) end
end

local function copy(from, to)
  local input = assert(io.open(from, 'rb'))
  local text = input:read('*a')
  input:close()
  local output = assert(io.open(to, 'wb'))
  output:write(text)
  output:close()
end

local function session()
  -- The client's log file lives in the user's cache directory: a test writes nothing there.
  vim.lsp.set_log_level(vim.log.levels.OFF or vim.log.levels.ERROR)
  check(bin and bin ~= '', 'HCLSCHEMA_BIN is not set')
  check(source_dir and source_dir ~= '', 'HCLSCHEMA_SOURCE_DIR is not set')
  check(vim.fn.executable(bin) == 1, 'not executable: ' .. bin)

  local root = vim.fn.tempname() .. '-hclschema-lsp'
  vim.fn.mkdir(root, 'p')
  copy(source_dir .. '/examples/service.schema.hcl', root .. '/service.schema.hcl')
  copy(source_dir .. '/examples/service.hcl', root .. '/service.hcl')
  local project = assert(io.open(root .. '/.hclschema.hcl', 'wb'))
  project:write('schema "service.schema.hcl" {\n  files = ["service.hcl"]\n}\n')
  project:close()

  local diagnostics = {}  -- publishDiagnostics params by arrival
  local exit_code = nil
  local client_id = vim.lsp.start_client({
    name = 'hclschema',
    cmd = { bin, 'lsp', '--stdio' },
    root_dir = root,
    handlers = {
      ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
        table.insert(diagnostics, result)
        return vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
      end,
    },
    on_exit = function(code, signal)
      exit_code = code
    end,
  })
  check(client_id, 'vim.lsp.start_client failed')

  -- Open the example and attach it: the client sends initialize, initialized and didOpen.
  vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/service.hcl'))
  local bufnr = vim.api.nvim_get_current_buf()
  check(vim.lsp.buf_attach_client(bufnr, client_id), 'buf_attach_client failed')
  local client = nil
  check(vim.wait(timeout, function()
    client = vim.lsp.get_client_by_id(client_id)
    return client ~= nil and client.initialized
  end, 20), 'the server did not initialize')
  check(client.server_capabilities.hoverProvider, 'no hoverProvider in the capabilities')
  local uri = vim.uri_from_bufnr(bufnr)

  check(vim.wait(timeout, function() return #diagnostics > 0 end, 20), 'no diagnostics after opening the document')
  check(diagnostics[1].uri == uri, 'diagnostics for the wrong document: ' .. tostring(diagnostics[1].uri))
  log('ok: diagnostics published on open (' .. #diagnostics[1].diagnostics .. ')')

  local function request(method, params)
    local response, err = client.request_sync(method, params, timeout, bufnr)
    check(response, method .. ' failed: ' .. tostring(err))
    check(response.err == nil, method .. ' answered an error: ' .. vim.inspect(response.err))
    return response.result
  end
  local function at(line, character)
    return { textDocument = { uri = uri }, position = { line = line, character = character } }
  end

  -- Hover on `replicas` (line 5 of the file, zero-based 4): its schema description.
  local line4 = vim.api.nvim_buf_get_lines(bufnr, 4, 5, false)[1]
  check(line4:find('replicas', 1, true), 'line 5 of the example is not `replicas`: ' .. line4)
  local hover = request('textDocument/hover', at(4, 4))
  check(hover and hover.contents, 'no hover on replicas')
  local text = type(hover.contents) == 'table' and (hover.contents.value or '') or tostring(hover.contents)
  check(text:find('How many instances run.', 1, true), 'hover does not show the description: ' .. text)
  log('ok: hover shows the schema description')

  -- Type `mode = ""` on a new line; the client sends an incremental didChange.
  local before = #diagnostics
  vim.api.nvim_buf_set_lines(bufnr, 5, 5, false, { '  mode     = ""' })
  check(vim.wait(timeout, function() return #diagnostics > before end, 20), 'no diagnostics after the change')
  -- The change was applied where it was typed: the empty value is now the problem, on line 6.
  local latest = diagnostics[#diagnostics].diagnostics
  local on_mode = false
  for _, d in ipairs(latest) do
    if d.range.start.line == 5 and d.message:find('mode', 1, true) then on_mode = true end
  end
  check(on_mode, 'no diagnostic about the empty mode on line 6: ' .. vim.inspect(latest))
  log('ok: diagnostics published after an incremental change, at the changed line')

  -- Completion inside the quotes: the enum's values.
  local completion = request('textDocument/completion', at(5, 14))
  local items = completion and (completion.items or completion) or {}
  local labels = {}
  for _, item in ipairs(items) do labels[item.label] = true end
  -- A label may carry the quotes it inserts.
  check((labels['fast'] or labels['"fast"']) and (labels['safe'] or labels['"safe"']), 'enum values missing from completion: ' .. vim.inspect(vim.tbl_keys(labels)))
  log('ok: completion offers the enum values fast and safe')

  -- Definition of `replicas`: its declaration in the schema.
  local definition = request('textDocument/definition', at(4, 4))
  if definition and definition[1] then definition = definition[1] end
  check(definition and definition.uri, 'no definition for replicas')
  check(vim.endswith(definition.uri, '/service.schema.hcl'), 'definition in the wrong file: ' .. definition.uri)
  local schema_lines = vim.fn.readfile(root .. '/service.schema.hcl')
  local target = schema_lines[definition.range.start.line + 1] or ''
  check(target:find('replicas', 1, true), 'definition points at the wrong line: ' .. target)
  log('ok: definition of replicas is in the schema')

  local symbols = request('textDocument/documentSymbol', { textDocument = { uri = uri } })
  check(symbols and symbols[1] and vim.startswith(symbols[1].name, 'service'),
    'the first document symbol is not the service block: ' .. tostring(symbols and symbols[1] and symbols[1].name))
  local children = {}
  for _, child in ipairs(symbols[1].children or {}) do children[child.name] = true end
  check(children['replicas'] and children['mode'], 'the service block lacks its attributes in the outline')
  log('ok: document symbols')

  -- shutdown + exit: the server must exit with status 0.
  vim.lsp.stop_client(client_id)
  check(vim.wait(timeout, function() return exit_code ~= nil end, 20), 'the server did not exit')
  check(exit_code == 0, 'the server exited with status ' .. tostring(exit_code))
  log('ok: shutdown and exit with status 0')
  vim.fn.delete(root, 'rf')
end

local ok, err = pcall(session)
if ok then
  vim.cmd('qall!')
else
  local message = type(err) == 'table' and err.hclschema_failure or tostring(err)
  io.stderr:write('nvim LSP session FAILED: ' .. message .. '\n')
  vim.cmd('cquit 1')
end
