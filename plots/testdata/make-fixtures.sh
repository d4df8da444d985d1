#!/bin/sh
# Regenerates the small results fixtures of the golden-image tests from the specs in
# specs/ (run from the repository root: sh plots/testdata/make-fixtures.sh). After a change
# that alters simulation results, regenerate them and then the golden images:
#   go test ./plots -run Golden -regen
set -e
cd "$(dirname "$0")"
for spec in specs/*.toml; do
	name=$(basename "$spec" .toml)
	rm -rf "$name.parquet" "$name.parquet.parts"
	go run ../../cmd/bench sweep "$spec" --out "$name.parquet" --quiet --workers 1
done
