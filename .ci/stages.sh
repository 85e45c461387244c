# Stage timing for .ci/run: `stage "<name>" <command…>` runs the command, prints `== <name>` before and
# `== <name>: N s` after, and the summary table of every stage (with the total) is printed when the script
# exits, also after a failing stage; the script's exit code is kept. Beside the wall time each stage shows
# the CPU seconds its processes used (user + system): on a shared machine the wall time varies with the
# neighbours, the CPU time much less, so compare that between runs. That count misses what runs outside the
# stage's process tree (the PostgreSQL server, Chromium's detached helpers), so each stage also shows the
# whole machine's busy CPU seconds over its time (from /proc/stat): near twice the wall time on two cores
# means the stage was CPU-bound and only less work makes it faster.
stage_names=()
stage_seconds=()
stage_cpu=()
stage_machine_cpu=()
stage_results=()
ci_started=$SECONDS

# Sets children_cpu to the CPU seconds (user + system) of this shell's finished child processes so far, from
# `times`, which has to run in this very shell (in a pipe or $(…) it would report a subshell's children).
stage_times_file=$(mktemp)
children_cpu=0
read_children_cpu() {
  times >"$stage_times_file"
  children_cpu=$(awk 'NR == 2 {
    total = 0
    for (i = 1; i <= 2; i++) { split($i, parts, /[ms]/); total += parts[1] * 60 + parts[2] }
    printf "%d", total
  }' "$stage_times_file")
}

# Sets machine_cpu to the whole machine's busy CPU time so far, in hundredths of a second (/proc/stat:
# user, nice, system, irq and softirq of all cores); 0 where there is no /proc/stat.
machine_cpu=0
read_machine_cpu() {
  machine_cpu=0
  [ -r /proc/stat ] || return 0
  local _label user nice system _idle _iowait irq softirq _rest
  read -r _label user nice system _idle _iowait irq softirq _rest </proc/stat
  machine_cpu=$((user + nice + system + irq + softirq))
}

read_machine_cpu
ci_machine_began=$machine_cpu

stage() {
  local name=$1
  shift
  echo "== $name"
  local began=$SECONDS
  read_children_cpu
  local cpu_began=$children_cpu
  read_machine_cpu
  local machine_began=$machine_cpu
  # Recorded as failed first, so the summary shows the stage even when `set -e` ends the script inside it.
  local index=${#stage_names[@]}
  stage_names+=("$name")
  stage_seconds+=(0)
  stage_cpu+=(0)
  stage_machine_cpu+=(0)
  stage_results+=(failed)
  local status=0
  "$@" || status=$?
  stage_seconds[index]=$((SECONDS - began))
  read_children_cpu
  stage_cpu[index]=$((children_cpu - cpu_began))
  read_machine_cpu
  stage_machine_cpu[index]=$(((machine_cpu - machine_began) / 100))
  if [ "$status" -eq 0 ]; then stage_results[index]=ok; fi
  echo "== $name: ${stage_seconds[index]} s (CPU ${stage_cpu[index]} s, machine ${stage_machine_cpu[index]} s)"
  return "$status"
}

print_stage_summary() {
  local status=$?
  local i
  read_children_cpu
  read_machine_cpu
  rm -f "$stage_times_file"
  echo
  echo "== CI stages"
  local row='%-48s %8s %8s %10s  %s\n'
  # shellcheck disable=SC2059
  printf "$row" stage 'wall s' 'CPU s' 'machine s' result
  for i in "${!stage_names[@]}"; do
    # shellcheck disable=SC2059
    printf "$row" "${stage_names[i]}" "${stage_seconds[i]}" "${stage_cpu[i]}" "${stage_machine_cpu[i]}" \
      "${stage_results[i]}"
  done
  # shellcheck disable=SC2059
  printf "$row" total $((SECONDS - ci_started)) "$children_cpu" $(((machine_cpu - ci_machine_began) / 100)) \
    "$([ "$status" -eq 0 ] && echo ok || echo "failed ($status)")"
  exit "$status"
}
trap print_stage_summary EXIT

# `stages_together "<name>" "<name 1>" "<command line 1>" "<name 2>" "<command line 2>" …` runs the command
# lines (bash) at once, as one stage: the machine has two cores, and tsc, ESLint and Prettier use one each.
# Each one's output is held back and printed whole when it ends (with its time), so the logs do not
# interleave; the stage fails when any of them fails, after all have ended.
stages_together() {
  local name=$1
  shift
  stage "$name" run_together "$@"
}

run_together() {
  local folder
  folder=$(mktemp -d)
  local labels=() pids=()
  while [ $# -gt 0 ]; do
    local label=$1 command=$2
    shift 2
    local index=${#labels[@]}
    labels+=("$label")
    (
      began=$SECONDS
      status=0
      bash -c "$command" >"$folder/$index.log" 2>&1 || status=$?
      echo "$status $((SECONDS - began))" >"$folder/$index.result"
      exit "$status"
    ) &
    pids+=($!)
  done
  local failed=0 i=0
  local remaining=("${!pids[@]}")
  # Print each part as soon as it ends, in the order they end.
  while [ ${#remaining[@]} -gt 0 ]; do
    wait -n "${pids[@]}" 2>/dev/null || true
    local still=()
    for i in "${remaining[@]}"; do
      if [ -f "$folder/$i.result" ] && ! kill -0 "${pids[i]}" 2>/dev/null; then
        local status seconds
        read -r status seconds <"$folder/$i.result"
        echo "-- ${labels[i]} (${seconds} s, exit ${status})"
        cat "$folder/$i.log"
        [ "$status" -eq 0 ] || failed=1
      else
        still+=("$i")
      fi
    done
    remaining=("${still[@]+"${still[@]}"}")
  done
  rm -rf "$folder"
  return "$failed"
}
