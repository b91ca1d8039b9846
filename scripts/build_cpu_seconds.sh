#!/bin/bash
# The CPU cost of building fpverify (BENCHMARKS.md, "The house in one move"): a CPU-only release
# build from scratch, then the rebuild after touching one op's header, each compile's user +
# system seconds logged by a wrapper around g++. Run from a tree's root:
#   scripts/build_cpu_seconds.sh [OP_HEADER]      (default ops/add64/add64.h)
set -u
header=${1:-ops/add64/add64.h}
out=$(mktemp -d)
cat > "$out/gxx" <<'WRAP'
#!/bin/bash
target=""; prev=""
for a in "$@"; do [ "$prev" = "-o" ] && target="$a"; prev="$a"; done
exec /usr/bin/time -f "%U %S $target" -a -o "$TIMING_LOG" g++ "$@"
WRAP
chmod +x "$out/gxx"
build=build/cpu-seconds
rm -rf "$build"
summary() {
    awk -v what="$1" '$3 ~ /\.o$/ {c += $1 + $2; n++} END {printf "%s: %d compiles, %.1f CPU-s\n", what, n, c}' "$2"
}
start=$(date +%s.%N)
TIMING_LOG=$out/full make -j"$(nproc)" NVCC= MPICXX= RELEASE_DIR=$build CXX="$out/gxx" $build/fpverify > "$out/log" 2>&1 ||
    { tail -20 "$out/log"; exit 1; }
end=$(date +%s.%N)
summary "full build" "$out/full"
awk -v a="$start" -v b="$end" 'BEGIN {printf "full build wall: %.1f s on %d cores\n", b - a, '"$(nproc)"'}'
sleep 1
touch "$header"
TIMING_LOG=$out/touch make -j"$(nproc)" NVCC= MPICXX= RELEASE_DIR=$build CXX="$out/gxx" $build/fpverify >> "$out/log" 2>&1 ||
    { tail -20 "$out/log"; exit 1; }
summary "after touching $header" "$out/touch"
echo "largest compiles:"
sort -rn "$out/full" | head -5 | awk '{printf "  %6.1f %s\n", $1 + $2, $3}'
rm -rf "$out"
