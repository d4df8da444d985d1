#!/usr/bin/env bash
# Submit a sweep as a Slurm job array of N shards, then a dependent job that merges them.
#
#   scripts/slurm/submit.sh SWEEP N PREFIX [extra sbatch options...]
#
# Writes PREFIX.shard-i-of-N.parquet for i in 0..N-1, then PREFIX.parquet (bench merge
# checks every trial is present exactly once and that all shards share the spec hash).
# Prints the array job id and the merge job id. Set BENCH to the bench binary.
set -euo pipefail
if (($# < 3)); then
	echo "usage: $0 SWEEP N PREFIX [sbatch options...]" >&2
	exit 2
fi
sweep=$1 n=$2 prefix=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
bench=${BENCH:-bench}
if ! [[ $n =~ ^[1-9][0-9]*$ ]]; then
	echo "submit.sh: N must be a positive integer, got '$n'" >&2
	exit 2
fi
"$bench" sweep "$sweep" --dry-run --shard "0/$n" >/dev/null # bad spec: fail before submitting
array=$(sbatch --parsable --array="0-$((n - 1))" --export=ALL,BENCH="$bench" "$@" \
	"$here/sweep-array.sbatch" "$sweep" "$prefix")
array=${array%%;*}
shards=()
for ((i = 0; i < n; i++)); do shards+=("$prefix.shard-$i-of-$n.parquet"); done
merge=$(sbatch --parsable --dependency="afterok:$array" --job-name=mutexlab-merge \
	--output="mutexlab-merge-%j.log" "$@" \
	--wrap="$(printf '%q ' "$bench" merge --out "$prefix.parquet" "${shards[@]}")")
merge=${merge%%;*}
echo "array job $array ($n shards), merge job $merge -> $prefix.parquet"
