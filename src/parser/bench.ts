/**
 * Hooks for `npm run bench`: a large realistic script and a parse timer. The bench runner
 * (bench/) owns the reporting; this module only knows how to exercise the parser.
 */
import { Either } from "effect"
import { parseScript } from "./Parser.js"

const chunk = `
# --- a realistic chunk: loops, tests, expansions, here-docs, functions ---
log() { local level=$1; shift; printf '[%s] %s\\n' "$level" "$*" >&2; }
for f in "$@"; do
  if [[ -f "$f" && ! -L $f ]]; then
    size=$(wc -c < "$f")
    echo "file: \${f##*/} size=\${size:-0}" >> "$LOG" 2>&1
  elif [ -d "$f" ]; then
    count=0
    while read -r line; do count=$((count + 1)); done < <(ls "$f")
    printf '%s has %d entries\\n' "$f" "$count"
  fi
done
case "$mode" in
  fast|quick) opts=(-f --quick) ;;
  *) opts=() ;;
esac
declare -A seen=([a]=1 ["b c"]=2)
cat <<EOF | grep -v '^#' > "\${TMPDIR:-/tmp}/out.txt"
user=$USER home=~ items=\${#opts[@]} sum=$(( \${#seen[@]} * 2 ))
EOF
[[ $name =~ ^[a-z]+(-[a-z]+)*$ ]] && log info "valid: $name" || log warn "bad name"
`

/** A script of at least `bytes` characters made of realistic, varied constructs. */
export const realisticScript = (bytes = 1_000_000): string => {
  const copies = Math.ceil(bytes / chunk.length)
  return chunk.repeat(copies)
}

export interface ParseTiming {
  readonly bytes: number
  readonly statements: number
  readonly bestMs: number
  readonly medianMs: number
}

/** Parse `source` `runs` times (after one warm-up) and report the best and median times. */
export const measureParse = (source: string, runs = 5): ParseTiming => {
  const options = { maxFuel: Number.MAX_SAFE_INTEGER, maxInputBytes: Number.MAX_SAFE_INTEGER }
  const warm = parseScript(source, options)
  const statements = Either.isRight(warm) ? warm.right.statements.length : -1
  const times: Array<number> = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    parseScript(source, options)
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return { bytes: source.length, statements, bestMs: times[0] ?? 0, medianMs: times[Math.floor(times.length / 2)] ?? 0 }
}
