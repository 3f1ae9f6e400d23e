#!/bin/sh
# Fails when the module's thread-local block (its PT_TLS segment's MemSiz) exceeds the budget:
# the library's hot thread-locals are initial-exec, so glibc must fit the whole block into the
# little static TLS it keeps for modules loaded with dlopen (about 1.5 KB). See CMakeLists.txt.
# usage: tls_budget.sh MODULE MAX_BYTES
size=$(readelf -lW "$1" | awk '$1 == "TLS" { print $6 }')
[ -n "$size" ] || size=0x0
bytes=$(printf '%d' "$size")
echo "thread-local block: $bytes bytes (budget $2)"
[ "$bytes" -le "$2" ]
