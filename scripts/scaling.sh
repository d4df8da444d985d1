#!/bin/sh
# scaling.sh: the scaling table of docs/scaling.md. For every algorithm and
# n = 10^2 .. 10^6 (mean degree 8, static, load 0.01, 100 warm-up and 1,000 measured CS
# entries, the full liveness drain) it runs one trial as a user would, one process per cell,
# and prints a tab-separated row: algorithm, n, events, wall seconds, CPU seconds (user +
# system), events per CPU second, peak RSS in bytes per node (from /usr/bin/time: the whole
# process, links, queue and algorithm state included), then setup CPU seconds and the event
# loop's events per CPU second. On a shared machine the wall time includes waiting for a
# core; the CPU time does not (caches are still shared). A cell that takes longer than
# TIMEOUT seconds (default 900) is reported as "timeout".
#
# Setup is measured by a second process per cell: a trial of the same algorithm, n and link
# count cut off after its first CS entry (no warm-up, one measured entry, no drain), a few
# events past setup. It runs on another seed (warm-up and measure enter the seed), so its
# graph is another draw of the same size. Its CPU time is the setup's plus the process's
# start and results file, which the full run pays too, so the loop's rate is (events − the
# short run's events) / (CPU − the short run's CPU): "-" when the difference is not
# positive (small n, where the process's start is most of both). It is only as good as two
# process times of 10 ms resolution on a machine others use: below about a second of loop,
# take BenchmarkScale's loop-events/cpu-s (one process, the thread's CPU time) instead.
# Both rates are reported: the whole trial's is what a user waits for; the loop's says how
# fast an algorithm handles events once its network exists.
#
#	go build -o /tmp/bench ./cmd/bench && scripts/scaling.sh /tmp/bench > scaling.tsv
#	ALGOS="rl drs" NS="1000000" scripts/scaling.sh /tmp/bench
set -eu
bench=${1:-bench}
algos=${ALGOS:-"rl hk rr gme akw1 akw2 drs cm"}
ns=${NS:-"100 1000 10000 100000 1000000"}
timeout=${TIMEOUT:-900}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'algorithm\tn\tevents\twall_s\tcpu_s\tevents_per_cpu_s\trss_bytes_per_node\tsetup_cpu_s\tloop_events_per_cpu_s\n'
# trial OUT [FLAG...] runs one trial of $algo at $n into OUT under /usr/bin/time (into $tmp/time).
trial() {
	/usr/bin/time -f '%M %e %U %S' -o "$tmp/time" timeout "$timeout" "$bench" run --algo "$algo" --n "$n" --degree 8 --load 0.01 \
		--trials 1 --quiet --out "$@" >/dev/null 2>"$tmp/err"
}
# events OUT prints the events of OUT's one trial.
events() { "$bench" report "$1" --metrics events --format csv | awk -F, 'NR==2 {print $3}'; }
for algo in $algos; do
	for n in $ns; do
		out="$tmp/$algo-$n.parquet"
		if ! trial "$out" --warmup 100 --measure 1000; then
			printf '%s\t%s\ttimeout or error: %s\n' "$algo" "$n" "$(tail -1 "$tmp/err")"
			continue
		fi
		read -r kb wall user sys <"$tmp/time"
		if ! trial "$tmp/setup-$algo-$n.parquet" --warmup 0 --measure 1 --set drain=none; then
			printf '%s\t%s\tsetup run: timeout or error: %s\n' "$algo" "$n" "$(tail -1 "$tmp/err")"
			continue
		fi
		read -r _ _ suser ssys <"$tmp/time"
		awk -v a="$algo" -v n="$n" -v e="$(events "$out")" -v w="$wall" -v u="$user" -v s="$sys" -v kb="$kb" \
			-v se="$(events "$tmp/setup-$algo-$n.parquet")" -v su="$suser" -v ss="$ssys" 'BEGIN {
			cpu = u + s; setup = su + ss; loop = "-"
			if (cpu > setup && e > se) loop = sprintf("%.0f", (e - se) / (cpu - setup))
			printf "%s\t%d\t%d\t%.2f\t%.2f\t%.0f\t%.0f\t%.2f\t%s\n", a, n, e, w, cpu, e / cpu, kb * 1024 / n, setup, loop
		}'
	done
done
