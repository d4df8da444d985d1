#!/bin/sh
# first-runs.sh: the speed measurement of docs/scaling.md ("Speed"): the million-node command,
#
#	bench run --algo A --n 1000000 --degree 8 --trials 1 --load 0.01
#
# run as a user runs it, in the two states a process finds this kind of machine in. For each
# round, each algorithm and each build given, a FIRST run after QUIET seconds with nothing
# running (on a virtual machine with free page reporting the memory the run before freed has
# gone back to the host, and the run pays for getting it again), then each build AGAIN at
# once (memory just freed). With two builds the one that goes first swaps every round, so
# that neither always meets the machine in the same state. Results are written to a scratch
# directory and removed; nothing else on disk is touched.
#
# One tab-separated line per run: round, algorithm, build, kind (first or again), events,
# wall s, user s, system s, peak RSS KB, events per wall second. Then one summary line per
# algorithm, build and kind, starting with "#": runs, median wall, fastest and slowest wall,
# median system time, and how many runs reached TARGET events per wall second.
#
#	go build -o /tmp/bench ./cmd/bench && scripts/first-runs.sh /tmp/bench
#	ROUNDS=7 scripts/first-runs.sh /tmp/bench-old /tmp/bench-new
#
# Settings (environment): ROUNDS (5), ALGOS ("rl drs"), N (1000000), QUIET (40 seconds),
# TARGET (2000000 events per wall second). Needs /usr/bin/time (Debian package "time").
# A round takes about 2 × (QUIET + 6 s) per algorithm and build at n = 10^6.
set -eu

usage() {
	echo "usage: first-runs.sh BENCH [BENCH2] (bench binaries; settings ROUNDS, ALGOS, N, QUIET, TARGET in the environment)" >&2
	exit 2
}
whole() { # whole NAME VALUE MIN: VALUE is a whole number >= MIN, or a one-line error
	case $2 in '' | *[!0-9]*) echo "first-runs.sh: $1 must be a whole number, got \"$2\"" >&2; exit 2 ;; esac
	if [ "$2" -lt "$3" ]; then echo "first-runs.sh: $1 must be at least $3, got $2" >&2; exit 2; fi
}

[ $# -ge 1 ] && [ $# -le 2 ] || usage
for b in "$@"; do
	[ -x "$b" ] || { echo "first-runs.sh: $b is not an executable bench binary" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "first-runs.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
rounds=${ROUNDS:-5}
algos=${ALGOS:-"rl drs"}
n=${N:-1000000}
quiet=${QUIET:-40}
target=${TARGET:-2000000}
whole ROUNDS "$rounds" 1
whole N "$n" 2
whole QUIET "$quiet" 0
whole TARGET "$target" 1

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
runs=$work/runs.tsv
: >"$runs"

# once ROUND ALGO BUILD KIND: one run of the million-node command, one line on stdout and in $runs.
once() {
	rm -f "$work/r.parquet"
	/usr/bin/time -o "$work/time" -f '%e %U %S %M' "$3" run --algo "$2" --n "$n" --degree 8 \
		--trials 1 --load 0.01 --out "$work/r.parquet" --quiet >"$work/out" 2>&1 || {
		echo "first-runs.sh: $3 run --algo $2 failed:" >&2
		cat "$work/out" >&2
		exit 1
	}
	# bench's summary line: "run: 1 trials in 5.157s, 12,530,907 events, 2.43 M events/s -> …"
	events=$(sed -n 's/^run: .* in [^,]*, \([0-9,]*\) events,.*/\1/p' "$work/out" | tr -d ,)
	[ -n "$events" ] || { echo "first-runs.sh: no event count in the output of $3" >&2; exit 1; }
	read -r wall user sys rss <"$work/time"
	awk -v r="$1" -v a="$2" -v b="$3" -v k="$4" -v e="$events" -v w="$wall" -v u="$user" \
		-v s="$sys" -v m="$rss" 'BEGIN { printf "%s\t%s\t%s\t%s\t%d\t%.2f\t%.2f\t%.2f\t%d\t%.0f\n", r, a, b, k, e, w, u, s, m, (w > 0 ? e / w : 0) }' |
		tee -a "$runs"
}

r=1
while [ "$r" -le "$rounds" ]; do
	if [ $# = 2 ] && [ "$r" -gt 1 ]; then set -- "$2" "$1"; fi
	for a in $algos; do
		for b in "$@"; do
			sleep "$quiet"
			once "$r" "$a" "$b" first
		done
		for b in "$@"; do once "$r" "$a" "$b" again; done
	done
	r=$((r + 1))
done

# The summary: per algorithm, build and kind, the median and range of the wall times, the
# median system time and the runs at the target rate.
sort -t "$(printf '\t')" -k2,2 -k3,3 -k4,4 -k6,6n "$runs" | awk -F '\t' -v target="$target" '
function flush() {
	if (c == 0) return
	med = (c % 2) ? w[(c + 1) / 2] : (w[c / 2] + w[c / 2 + 1]) / 2
	ns = 0; for (i = 1; i <= c; i++) ss[++ns] = s[i]
	for (i = 2; i <= ns; i++) for (j = i; j > 1 && ss[j - 1] > ss[j]; j--) { t = ss[j]; ss[j] = ss[j - 1]; ss[j - 1] = t }
	smed = (ns % 2) ? ss[(ns + 1) / 2] : (ss[ns / 2] + ss[ns / 2 + 1]) / 2
	printf "# %s\t%s\t%s\t%d runs\tmedian %.2f s\t%.2f-%.2f s\tsystem %.2f s\t%d of %d at %.0f events/s\n", a, b, k, c, med, w[1], w[c], smed, hit, c, target
}
{
	if ($2 != a || $3 != b || $4 != k) { flush(); a = $2; b = $3; k = $4; c = 0; hit = 0 }
	c++; w[c] = $6; s[c] = $8; if ($10 >= target) hit++
}
END { flush() }'
