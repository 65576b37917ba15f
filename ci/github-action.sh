#!/usr/bin/env bash
# The steps of the GitHub Action (action.yml at the repository root), kept in this file so that
# the self-test (test/action.test.ts) runs exactly what a workflow runs.
#
#   github-action.sh cache-key  write the npm cache's folder and a key naming the lock file to the
#                               step's outputs (for actions/cache: hashFiles() cannot read the
#                               action's own folder, only the workspace)
#   github-action.sh install    install the dependencies into the action's checkout and compile it
#                               (npm run build): the step then runs dist/, the code the published
#                               package runs, never the TypeScript sources
#   github-action.sh run        run `conformance run` or `conformance load` (input command) with the
#                               action's inputs (INPUT_* variables, set by action.yml), append a
#                               summary to the job summary, write the step's outputs, and exit with
#                               the command's exit code
#
# Exit codes of `run` are the command's: 0 conformant or passed (or incomplete), 1 non-conformant,
# failed, a load threshold crossed, or error, 2 configuration error or unreachable target,
# 3 incomplete with fail-on-incomplete.
set -euo pipefail

ACTION_PATH="${GITHUB_ACTION_PATH:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"

# Action input (INPUT_<NAME>) -> the suite's variable. An empty input leaves the variable as the
# job's environment has it, so `env:` on the job works as well as `with:` on the step.
MAPPING=(
  TARGET_URL:CONFORMANCE_TARGET_URL
  REFERENCE:CONFORMANCE_REFERENCE
  ADMIN_KEY:CONFORMANCE_ADMIN_KEY
  MEMBER_KEY:CONFORMANCE_MEMBER_KEY
  OTHER_ORG_KEY:CONFORMANCE_OTHER_ORG_KEY
  LIMITED_KEY:CONFORMANCE_LIMITED_KEY
  LIMITED_KEYS:CONFORMANCE_LIMITED_KEYS
  CUSTOM_LIMIT_KEY:CONFORMANCE_CUSTOM_LIMIT_KEY
  CUSTOM_LIMIT:CONFORMANCE_CUSTOM_LIMIT
  PROJECT_ID:CONFORMANCE_PROJECT_ID
  VERSION_ID:CONFORMANCE_VERSION_ID
  OTHER_PROJECT_ID:CONFORMANCE_OTHER_PROJECT_ID
  SINK_HOST:CONFORMANCE_SINK_HOST
  SINK_PORT:CONFORMANCE_SINK_PORT
  SINK_PUBLIC_URL:CONFORMANCE_SINK_PUBLIC_URL
  SUITES:CONFORMANCE_SUITES
  REQUIREMENTS:CONFORMANCE_REQUIREMENTS
  NUM_RUNS:CONFORMANCE_NUM_RUNS
  SEED:CONFORMANCE_SEED
  FAIL_ON_INCOMPLETE:CONFORMANCE_FAIL_ON_INCOMPLETE
  LOAD_SCENARIOS:CONFORMANCE_LOAD_SCENARIOS
  THRESHOLDS:CONFORMANCE_LOAD_THRESHOLDS
  THRESHOLDS_FILE:CONFORMANCE_LOAD_THRESHOLDS_FILE
  STAGES:CONFORMANCE_LOAD_STAGES
  METRICS_PUSH:CONFORMANCE_LOAD_METRICS_PUSH
)
KEY_VARIABLES=(CONFORMANCE_ADMIN_KEY CONFORMANCE_MEMBER_KEY CONFORMANCE_OTHER_ORG_KEY CONFORMANCE_LIMITED_KEY CONFORMANCE_LIMITED_KEYS CONFORMANCE_CUSTOM_LIMIT_KEY)

# A workflow command's message: %, CR and LF escaped as the runner expects.
escape_command() {
  local s="$1"
  s="${s//'%'/'%25'}"
  s="${s//$'\r'/'%0D'}"
  s="${s//$'\n'/'%0A'}"
  printf '%s' "$s"
}

# The runId of a report.json, or nothing.
run_id_of() {
  node -e 'try { process.stdout.write(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).runId) } catch {}' "$1"
}

cache_key() {
  local lock hash major
  lock="$ACTION_PATH/package-lock.json"
  hash="$(node -e 'process.stdout.write(require("crypto").createHash("sha256").update(require("fs").readFileSync(process.argv[1])).digest("hex").slice(0, 20))' "$lock")"
  major="$(node -p 'process.versions.node.split(".")[0]')"
  {
    echo "path=$(npm config get cache)"
    echo "key=conformance-action-npm-${RUNNER_OS:-unknown}-node${major}-${hash}"
    echo "restore-key=conformance-action-npm-${RUNNER_OS:-unknown}-node${major}-"
  } >>"${GITHUB_OUTPUT:-/dev/stdout}"
}

# dist/ is older than a source, the lock file or the build settings (or missing): compile again.
stale_build() {
  [ -f dist/harness/cli/bin.js ] || return 0
  [ -n "$(find harness reference suites package-lock.json tsconfig.json tsconfig.build.json -type f -newer dist/harness/cli/bin.js -print -quit 2>/dev/null)" ]
}

install() {
  if ! command -v node >/dev/null 2>&1; then
    echo "::error title=Conformance::Node.js 20.19 or newer is needed (set up Node.js before this step, or leave the input node-version set)"
    exit 2
  fi
  if ! node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)'; then
    echo "::error title=Conformance::Node.js $(node --version) is too old: the suite needs 20.19 or newer"
    exit 2
  fi
  cd "$ACTION_PATH"
  if [ -f node_modules/.package-lock.json ]; then
    echo "conformance: dependencies already installed in $ACTION_PATH"
  else
    # Development dependencies too: the compiler. --prefer-offline: the cache step restored npm's cache.
    npm ci --no-audit --no-fund --prefer-offline
  fi
  if stale_build; then
    npm run build
  else
    echo "conformance: dist/ is up to date in $ACTION_PATH"
  fi
}

run() {
  local pair input variable value
  local command="${INPUT_COMMAND:-run}"
  case "$command" in
    run | load) ;;
    *)
      echo "exit-code=2" >>"${GITHUB_OUTPUT:-/dev/null}"
      echo "::error title=Conformance::$(escape_command "no verdict (exit 2): the input command is \"$command\"; it is run (the conformance suite) or load (the load harness)")"
      return 2
      ;;
  esac
  for pair in "${MAPPING[@]}"; do
    input="INPUT_${pair%%:*}"
    variable="${pair#*:}"
    value="${!input:-}"
    if [ -n "$value" ]; then export "$variable=$value"; fi
  done
  # Keys are masked in the log even when they did not come from a secret (the suite never prints
  # them; this covers anything else in the job that might).
  if [ "${GITHUB_ACTIONS:-}" = "true" ]; then
    local key part
    for variable in "${KEY_VARIABLES[@]}"; do
      IFS=',' read -r -a parts <<<"${!variable:-}"
      for key in "${parts[@]}"; do
        key="${key// /}"
        [ -n "$key" ] || continue
        echo "::add-mask::$key"
        part="${key#*_}"
        if [ "$part" != "$key" ] && [ "${#part}" -ge 12 ]; then echo "::add-mask::$part"; fi
      done
    done
  fi

  # No target URL and no reference: true is a mistake (an undefined `${{ vars.X }}` or secret), never
  # a run of the embedded reference server that would pass for the user's. The suite refuses it in CI
  # as well; this says it in the action's own words, the input names.
  case "$(printf '%s' "${CONFORMANCE_REFERENCE:-}" | tr '[:upper:]' '[:lower:]')" in
    true | 1 | yes) local reference=true ;;
    *) local reference=false ;;
  esac
  if [ -z "${CONFORMANCE_TARGET_URL:-}" ] && [ "$reference" != true ]; then
    local why="target-url is empty (an undefined variable or secret?) and reference is not true: set target-url to your server's base URL, or reference: true to test the embedded reference server on purpose"
    {
      echo "exit-code=2"
      echo "verdict="
    } >>"${GITHUB_OUTPUT:-/dev/null}"
    if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
      printf '# Conformance report: no verdict\n\nNothing was tested: %s.\n' "$why" >>"$GITHUB_STEP_SUMMARY"
    fi
    echo "::error title=Conformance::$(escape_command "no verdict (exit 2): $why")"
    return 2
  fi

  local report_dir="${INPUT_REPORT_DIR:-${CONFORMANCE_REPORT_DIR:-conformance-report}}"
  case "$report_dir" in
    /*) ;;
    *) report_dir="${GITHUB_WORKSPACE:-$PWD}/$report_dir" ;;
  esac
  export CONFORMANCE_REPORT_DIR="$report_dir"
  mkdir -p "$report_dir"
  local report_json="$report_dir/latest/report.json"
  if [ "$command" = load ]; then report_json="$report_dir/latest-load/load.json"; fi
  local before
  before="$(run_id_of "$report_json")"

  local errors outputs code
  errors="$(mktemp "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/conformance-stderr.XXXXXX")"
  outputs="$(mktemp "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/conformance-outputs.XXXXXX")"
  # The suite's stderr (progress, the one-line reason of exit 2) goes to the log as it comes, and
  # to a file for the job summary.
  set +e
  # CI=true whatever the runner says: the suite then never falls back to the reference unasked.
  # The compiled package (install built it), as `npx conformance` runs it once installed.
  { CI=true node "$ACTION_PATH/dist/harness/cli/bin.js" "$command" 2>&1 1>&3 3>&- | tee "$errors" >&2; code=${PIPESTATUS[0]}; } 3>&1
  set -e

  echo "exit-code=$code" >>"$outputs"
  local after
  after="$(run_id_of "$report_json")"
  if [ -n "$after" ] && [ "$after" != "$before" ] && [ "$command" = load ]; then
    node "$ACTION_PATH/ci/action-outputs.mjs" --load "$report_json" >>"$outputs"
    if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then node "$ACTION_PATH/ci/action-outputs.mjs" --load-summary "$report_json" >>"$GITHUB_STEP_SUMMARY"; fi
  elif [ -n "$after" ] && [ "$after" != "$before" ]; then
    node "$ACTION_PATH/ci/action-outputs.mjs" "$report_json" >>"$outputs"
    if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
      # summary.md always fits a job summary (and a pull-request comment); summary-full.md is beside it.
      cat "$report_dir/latest/summary.md" >>"$GITHUB_STEP_SUMMARY"
    fi
  else
    echo "verdict=" >>"$outputs"
    if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
      {
        echo "# Conformance report: no verdict"
        echo
        echo "The suite exited with code $code before writing a report (2: a configuration error, or the target cannot be reached or refuses the admin key). What it said:"
        echo
        echo '~~~~text'
        tail -n 20 "$errors"
        echo '~~~~'
      } >>"$GITHUB_STEP_SUMMARY"
    fi
  fi
  if [ -n "${GITHUB_OUTPUT:-}" ]; then cat "$outputs" >>"$GITHUB_OUTPUT"; fi

  local verdict total fail must_fail html embedded
  verdict="$(sed -n 's/^verdict=//p' "$outputs")"
  embedded="$(sed -n 's/^embedded=//p' "$outputs")"
  total="$(sed -n 's/^total=//p' "$outputs")"
  fail="$(sed -n 's/^fail=//p' "$outputs")"
  must_fail="$(sed -n 's/^must-fail=//p' "$outputs")"
  html="$(sed -n 's/^report-html=//p' "$outputs")"
  local line crossed
  crossed="$(sed -n 's/^thresholds-crossed=//p' "$outputs")"
  if [ -z "$verdict" ]; then
    line="$(grep -m1 '^conformance:' "$errors" || true)"
    echo "::error title=Conformance::$(escape_command "no verdict (exit $code): ${line:-see the log}")"
  else
    local label
    label="$(printf '%s' "$verdict" | tr '[:lower:]' '[:upper:]')"
    # A verdict of the reference server is never mistaken for one of the user's.
    if [ "$embedded" = "true" ]; then label="$label (embedded reference server, not your server)"; fi
    local message="$label: $total checks, $fail failed ($must_fail MUST); exit code $code. Report: $html"
    if [ "$command" = load ]; then message="load $label: $crossed thresholds crossed; exit code $code. Report: $html"; fi
    case "$code" in
      0) if [ "$verdict" = "conformant" ] || [ "$verdict" = "passed" ]; then echo "::notice title=Conformance::$(escape_command "$message")"; else echo "::warning title=Conformance::$(escape_command "$message")"; fi ;;
      *) echo "::error title=Conformance::$(escape_command "$message")" ;;
    esac
  fi
  rm -f "$errors" "$outputs"
  return "$code"
}

case "${1:-}" in
  cache-key) cache_key ;;
  install) install ;;
  run) run ;;
  *)
    echo "usage: $0 cache-key|install|run" >&2
    exit 64
    ;;
esac
