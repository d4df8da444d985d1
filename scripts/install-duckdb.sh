#!/usr/bin/env bash
# Installs DuckDB's Node.js client (@duckdb/node-api, from npm) into .tools/duckdb, which git
# ignores. The results package's DuckDB test (go test ./results/... -run DuckDB) uses it as
# an independent reader of mutexlab's Parquet files, to check that nulls, units and
# descriptions come through; without it that test is skipped with a message.
#
#   scripts/install-duckdb.sh        (needs node and npm; .ci/run runs it)
#
# Exits 0 also when node or npm is missing or the registry cannot be reached (printing
# SKIP): the test then skips. Every network step is bounded in time.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=.tools/duckdb
version=1.5.6-r.1
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
	echo "install-duckdb: SKIP: node or npm is not installed"
	exit 0
fi
if [[ -f $dir/node_modules/@duckdb/node-api/package.json ]] &&
	grep -q "\"version\": \"$version\"" "$dir/node_modules/@duckdb/node-api/package.json"; then
	echo "install-duckdb: @duckdb/node-api $version already in $dir"
	exit 0
fi
mkdir -p "$dir"
[[ -f $dir/package.json ]] || echo '{"name": "mutexlab-duckdb-check", "private": true}' >"$dir/package.json"
if ! timeout 300 npm install --prefix "$dir" --no-audit --no-fund --loglevel=error "@duckdb/node-api@$version" >/tmp/install-duckdb.log 2>&1; then
	echo "install-duckdb: SKIP: npm install failed (see /tmp/install-duckdb.log)"
	exit 0
fi
echo "install-duckdb: @duckdb/node-api $version installed in $dir"
