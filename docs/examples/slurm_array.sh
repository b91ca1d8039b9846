#!/usr/bin/env bash
# A campaign as a Slurm job array of N shards, then their merge.
#
#   sbatch --array=0-15 docs/examples/slurm_array.sh          # the shards, 16 tasks
#   sbatch --dependency=afterok:JOBID docs/examples/slurm_array.sh merge
#
# Each task is an ordinary campaign in its own database (shards/shard-K.db), so a task that
# hits its time limit or is preempted pauses or dies resumable: requeued, it resumes its shard.
# The merge checks that the shards share one spec, are disjoint, complete and finished, and
# writes all.db, whose tallies equal those of the unsharded run.
#SBATCH --job-name=fpverify
#SBATCH --cpus-per-task=32
#SBATCH --time=08:00:00
#SBATCH --requeue
#SBATCH --output=shards/slurm-%A_%a.out
set -euo pipefail

fpv=${FPV:-build/release/fpverify}
shards=${SHARDS:-16}           # must match --array=0-(SHARDS-1)
mkdir -p shards

if [ "${1:-}" = merge ]; then
    exec "$fpv" merge --into shards/all.db shards/shard-*.db
fi

k=${SLURM_ARRAY_TASK_ID:?run this with sbatch --array}
db=shards/shard-$k.db
# Stop cleanly 10 minutes before Slurm's limit; the requeued task resumes the shard.
budget=7h50m
if [ -f "$db" ]; then
    status=0
    "$fpv" resume --db "$db" --for "$budget" --threads "$SLURM_CPUS_PER_TASK" --no-progress || status=$?
else
    status=0
    "$fpv" run --db "$db" --shard "$k/$shards" --name nightly --impl div64.emu_nr,div64.emu_halley \
        --classes all --count 1e12 --seed 7 --for "$budget" --threads "$SLURM_CPUS_PER_TASK" \
        --no-progress || status=$?
fi
# 0: clean, 1: failures found (the campaign is done either way); 3: paused, run again.
if [ "$status" -eq 3 ]; then scontrol requeue "$SLURM_JOB_ID"; fi
[ "$status" -le 1 ] || [ "$status" -eq 3 ]
