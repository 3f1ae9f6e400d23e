#!/usr/bin/env python3
"""Measures how long `hclschema lsp` takes to re-validate a 1 MB document after an edit.

    tests/lsp/measure_edit.py build/hclschema [--size 1048576] [--edits 20]

Makes a temporary workspace with examples/service.schema.hcl and a configuration of many copies of
the service block of examples/service.hcl (each with its own label), governed by a project file;
opens it, then makes single-character incremental edits (a replica count toggled between 3 and 5)
and times each from sending didChange to receiving its publishDiagnostics. Prints the open time and
the median and worst edit time. Use a release build for numbers worth quoting.
"""
import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_message(stream):
    length = None
    while True:
        line = stream.readline()
        if not line:
            raise EOFError("the server closed its output")
        line = line.strip()
        if not line:
            break
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    return json.loads(stream.read(length))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--size", type=int, default=1 << 20)
    parser.add_argument("--edits", type=int, default=20)
    args = parser.parse_args()

    work = pathlib.Path(tempfile.mkdtemp(prefix="hclschema-lsp-measure-"))
    try:
        shutil.copy(ROOT / "examples/service.schema.hcl", work / "service.schema.hcl")
        block = (ROOT / "examples/service.hcl").read_text().split("\n", 2)[2]  # without the comment
        parts, size, i = [], 0, 0
        while size < args.size:
            part = block.replace('service "checkout"', 'service "svc%d"' % i, 1)
            parts.append(part)
            size += len(part.encode())
            i += 1
        text = "".join(parts)
        (work / "big.hcl").write_text(text)
        (work / ".hclschema.hcl").write_text('schema "service.schema.hcl" {\n  files = ["big.hcl"]\n}\n')
        uri = "file://" + str(work / "big.hcl")

        server = subprocess.Popen([args.binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

        def send(message):
            server.stdin.write(frame(message))
            server.stdin.flush()

        def wait_for(predicate):
            while True:
                message = read_message(server.stdout)
                if predicate(message):
                    return message

        send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"processId": os.getpid(), "rootUri": "file://" + str(work), "capabilities": {}}})
        wait_for(lambda m: m.get("id") == 1)
        send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        start = time.perf_counter()
        send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
              "params": {"textDocument": {"uri": uri, "languageId": "hcl", "version": 1, "text": text}}})
        first = wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        open_ms = (time.perf_counter() - start) * 1000

        line = text.split("\n").index("  replicas = 3")
        times = []
        for n in range(args.edits):
            digit = "5" if n % 2 == 0 else "3"
            start = time.perf_counter()
            send({"jsonrpc": "2.0", "method": "textDocument/didChange",
                  "params": {"textDocument": {"uri": uri, "version": n + 2},
                             "contentChanges": [{"range": {"start": {"line": line, "character": 13},
                                                           "end": {"line": line, "character": 14}},
                                                 "text": digit}]}})
            wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                     and m["params"].get("version") == n + 2)
            times.append((time.perf_counter() - start) * 1000)

        send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
        wait_for(lambda m: m.get("id") == 2)
        send({"jsonrpc": "2.0", "method": "exit"})
        server.wait(timeout=10)
        print("document: %d bytes, %d service blocks, %d diagnostics on open"
              % (len(text.encode()), i, len(first["params"]["diagnostics"])))
        print("open: %.1f ms; edit -> diagnostics: median %.1f ms, worst %.1f ms over %d edits"
              % (open_ms, statistics.median(times), max(times), len(times)))
        return 0 if server.returncode == 0 else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
