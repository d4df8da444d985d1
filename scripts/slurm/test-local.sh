#!/usr/bin/env bash
# End-to-end test of the Slurm scripts on this machine: install Slurm and MUNGE from
# Debian's packages, start a one-node cluster (munged, slurmctld, slurmd; all state, logs
# and sockets under a temporary directory, nothing in /etc), submit a real 4-task job array
# for a small sweep with scripts/slurm/submit.sh, wait for it and its merge job, and check
# that the merged rows are identical to a single-process run of the same sweep.
#
#   scripts/slurm/test-local.sh          (as root; .ci/run runs it)
#
# Exits 0 on success, and also (printing SKIP) when apt cannot reach a package mirror;
# non-zero on any failure. Every wait is bounded.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
log() { echo "slurm-test: $*"; }
die() {
	echo "slurm-test: FAIL: $*" >&2
	exit 1
}

if [[ $(id -u) != 0 ]]; then
	die "must run as root (it installs packages and starts slurmd)"
fi
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null || ! command -v sbatch >/dev/null; then
	if ! timeout 120 apt-get -o DPkg::Lock::Timeout=600 update -qq >/tmp/slurm-test-apt.log 2>&1 ||
		grep -qE '^(Err|W: Failed)' /tmp/slurm-test-apt.log; then
		if ! apt-cache show slurm-wlm >/dev/null 2>&1; then
			echo "slurm-test: SKIP: apt cannot reach a package mirror (see /tmp/slurm-test-apt.log)"
			exit 0
		fi
	fi
	log "installing slurm-wlm and munge"
	DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq -o DPkg::Lock::Timeout=600 \
		slurm-wlm munge >>/tmp/slurm-test-apt.log 2>&1 || die "apt-get install failed (see /tmp/slurm-test-apt.log)"
fi

tmp=$(mktemp -d /tmp/mutexlab-slurm.XXXXXX)
chmod 755 "$tmp"
cleanup() {
	for pid in "$tmp"/slurmd.pid "$tmp"/slurmctld.pid "$tmp"/munge/munged.pid; do
		[[ -f $pid ]] && kill "$(cat "$pid")" 2>/dev/null || true
	done
	sleep 1
	rm -rf "$tmp"
}
trap cleanup EXIT

log "building bench"
go build -o "$tmp/bench" ./cmd/bench

# MUNGE: key mode 0400, socket directory mode 755.
mkdir -p "$tmp/munge"
chmod 755 "$tmp/munge"
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 status=none
chmod 0400 "$tmp/munge/munge.key"
munged --force --key-file="$tmp/munge/munge.key" --socket="$tmp/munge/munge.socket" \
	--pid-file="$tmp/munge/munged.pid" --log-file="$tmp/munge/munged.log" \
	--seed-file="$tmp/munge/munged.seed" || die "munged did not start: $(tail -3 "$tmp/munge/munged.log" 2>/dev/null)"

# Slurm: the node as slurmd -C describes it (RealMemory included), cgroup-free plugins,
# ports chosen off the defaults so as not to meet another cluster on this machine.
node=$(slurmd -C | head -1)
host=$(sed -n 's/^NodeName=\([^ ]*\).*/\1/p' <<<"$node")
port=$((20000 + RANDOM % 20000))
mkdir -p "$tmp/state" "$tmp/spool" "$tmp/out"
export SLURM_CONF=$tmp/slurm.conf
cat >"$SLURM_CONF" <<CONF
ClusterName=mutexlab-test
SlurmctldHost=$host
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$tmp/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
$node
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
sed -i 's/ UpTime=[^ ]*//' "$SLURM_CONF"

slurmctld -i || die "slurmctld did not start: $(tail -3 "$tmp/slurmctld.log" 2>/dev/null)"
slurmd || die "slurmd did not start: $(tail -3 "$tmp/slurmd.log" 2>/dev/null)"
for ((t = 0; ; t++)); do
	state=$(sinfo -h -N -o %t 2>/dev/null | head -1 || true)
	[[ $state == idle* || $state == mix* ]] && break
	((t < 60)) || die "node not idle after 60 s (state '$state'): $(tail -3 "$tmp/slurmctld.log")"
	sleep 1
done
log "cluster up (node $host, state $state)"

cat >"$tmp/small.toml" <<'SPEC'
name = "slurm-small"
algorithms = ["rl", "rr"]
trials = 3
seed = 42
[params]
n = 12
warmup = 20
measure = 200
[grid]
connectivity = [0.3, 0.9]
load = [0.01, 1]
mobility = [0, 0.1]
SPEC

log "submitting a 4-task array and its merge job"
BENCH=$tmp/bench scripts/slurm/submit.sh "$tmp/small.toml" 4 "$tmp/out/small" \
	--chdir="$tmp/out" --cpus-per-task=1 --time=10 | tee "$tmp/submit.txt"
for ((t = 0; ; t++)); do
	[[ -z $(squeue -h -o %i 2>/dev/null) ]] && break
	((t < 300)) || die "jobs still queued after 300 s: $(squeue)"
	sleep 1
done
for f in "$tmp"/out/*.log; do
	if grep -qiE 'error|fail' "$f"; then
		die "job log $f: $(cat "$f")"
	fi
done
[[ -f $tmp/out/small.parquet ]] || die "no merged file; logs: $(cat "$tmp"/out/*.log 2>/dev/null); $(tail -5 "$tmp/slurmctld.log")"

log "comparing with a single-process run"
"$tmp/bench" sweep "$tmp/small.toml" --out "$tmp/single.parquet" --quiet >/dev/null
"$tmp/bench" compare "$tmp/out/small.parquet" "$tmp/single.parquet" || die "merged rows differ from a single-process run"
log "PASS: 4 shards ran as a Slurm job array, merged rows identical to a single-process run"
