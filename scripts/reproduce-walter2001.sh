#!/usr/bin/env bash
# Reproduce the simulation experiment of Walter, Welch and Vaidya (2001), section 6:
# RL vs RR on 30 nodes over connectivity, load and mobility, 6 repetitions per point.
# Writes results/walter2001.parquet and prints the summary table.
set -euo pipefail
cd "$(dirname "$0")/.."
go run ./cmd/bench sweep walter2001 "$@"
