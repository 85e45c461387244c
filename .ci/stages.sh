# Stage timing for .ci/run: `stage "<name>" <command…>` runs the command, prints `== <name>` before and
# `== <name>: N s` after, and the summary table of every stage (with the total) is printed when the script
# exits, also after a failing stage; the script's exit code is kept.
stage_names=()
stage_seconds=()
stage_results=()
ci_started=$SECONDS

stage() {
  local name=$1
  shift
  echo "== $name"
  local began=$SECONDS
  # Recorded as failed first, so the summary shows the stage even when `set -e` ends the script inside it.
  local index=${#stage_names[@]}
  stage_names+=("$name")
  stage_seconds+=(0)
  stage_results+=(failed)
  local status=0
  "$@" || status=$?
  stage_seconds[index]=$((SECONDS - began))
  if [ "$status" -eq 0 ]; then stage_results[index]=ok; fi
  echo "== $name: ${stage_seconds[index]} s"
  return "$status"
}

print_stage_summary() {
  local status=$?
  local i
  echo
  echo "== CI stages"
  printf '%-40s %8s  %s\n' stage seconds result
  for i in "${!stage_names[@]}"; do
    printf '%-40s %8d  %s\n' "${stage_names[i]}" "${stage_seconds[i]}" "${stage_results[i]}"
  done
  printf '%-40s %8d  %s\n' total $((SECONDS - ci_started)) "$([ "$status" -eq 0 ] && echo ok || echo "failed ($status)")"
  exit "$status"
}
trap print_stage_summary EXIT
