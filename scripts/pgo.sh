#!/bin/sh
# pgo.sh: remake cmd/bench/default.pgo, the CPU profile that Go's profile-guided optimisation
# reads when it builds cmd/bench (go build uses a main package's default.pgo by itself; -pgo=off
# turns it off). The profile is of the work bench is for, each part a real command: the
# paper-sized presets (30-node trials by the thousand: walter2001's protocol, the Jiang and
# local-mutex presets) and single large trials (n = 10^5, the event loop at the speed of
# memory). Each command writes its own profile (BENCH_CPUPROFILE); go tool pprof merges them.
# Takes about 2 minutes. Run it again when the hot paths change (docs/scaling.md, PGO).
#
#	scripts/pgo.sh            # from the repository's root
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -pgo=off -o "$tmp/bench" ./cmd/bench
i=0
profile() {
	i=$((i + 1))
	BENCH_CPUPROFILE="$tmp/$i.prof" "$tmp/bench" "$@" --quiet --out "$tmp/$i.parquet" >/dev/null
}
profile sweep walter2001 --workers 1 --shard 0/4
profile sweep jiang-hk --workers 1 --shard 0/8
profile sweep jiang-gme --workers 1
profile sweep akw-static --workers 1
profile sweep lme-geometry --workers 1
profile run --algo rl,hk,drs --n 100000 --degree 8 --load 0.01 --trials 1 --workers 1
go tool pprof -proto "$tmp"/*.prof >cmd/bench/default.pgo
echo "wrote cmd/bench/default.pgo from $i profiles"
