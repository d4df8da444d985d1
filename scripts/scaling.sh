#!/bin/sh
# scaling.sh: the scaling table of docs/performance.md. For every algorithm and
# n = 10^2 .. 10^6 (mean degree 8, static, load 0.01, 100 warm-up and 1,000 measured CS
# entries, the full liveness drain) it runs one trial as a user would, one process per cell,
# and prints a tab-separated row: algorithm, n, events, wall seconds, CPU seconds (user +
# system), events per CPU second, peak RSS in bytes per node (from /usr/bin/time: the whole
# process, links, queue and algorithm state included). On a shared machine the wall time
# includes waiting for a core; the CPU time does not (caches are still shared). A cell that takes longer than TIMEOUT seconds (default 900) is reported
# as "timeout".
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
printf 'algorithm\tn\tevents\twall_s\tcpu_s\tevents_per_cpu_s\trss_bytes_per_node\n'
for algo in $algos; do
	for n in $ns; do
		out="$tmp/$algo-$n.parquet"
		if ! /usr/bin/time -f '%M %e %U %S' -o "$tmp/time" timeout "$timeout" "$bench" run --algo "$algo" --n "$n" --degree 8 --load 0.01 \
			--warmup 100 --measure 1000 --trials 1 --quiet --out "$out" >/dev/null 2>"$tmp/err"; then
			printf '%s\t%s\ttimeout or error: %s\n' "$algo" "$n" "$(tail -1 "$tmp/err")"
			continue
		fi
		events=$("$bench" report "$out" --metrics events --format csv | awk -F, 'NR==2 {print $3}')
		read -r kb wall user sys <"$tmp/time"
		awk -v a="$algo" -v n="$n" -v e="$events" -v w="$wall" -v u="$user" -v s="$sys" -v kb="$kb" \
			'BEGIN { printf "%s\t%d\t%d\t%.2f\t%.2f\t%.0f\t%.0f\n", a, n, e, w, u + s, e / (u + s), kb * 1024 / n }'
	done
done
