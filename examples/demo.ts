/**
 * `npm start`: the main job on the in-memory default sandbox. A script writes a few files,
 * searches them, and prints a summary; nothing touches the host.
 */
import { Bash } from "../src/index.js"

const bash = new Bash({
  files: {
    "/home/user/notes/todo.txt": "buy milk\nfix the parser\nwrite tests\n",
    "/home/user/notes/ideas.txt": "a parser for awk\nbetter tests\n"
  }
})

const script = `
mkdir -p reports
for f in notes/*.txt; do
  echo "$(basename "$f"): $(wc -l < "$f") lines"
done > reports/summary.txt
cat reports/summary.txt
echo "--- lines mentioning 'parser' or 'tests':"
grep -n -E 'parser|tests' notes/*.txt | sort
total=0
while read -r name count rest; do total=$((total + count)); done < reports/summary.txt
echo "total lines: $total"
`

const result = await bash.exec(script)
process.stdout.write(result.stdout)
if (result.stderr !== "") process.stderr.write(result.stderr)
console.log(`(exit ${result.exitCode})`)
process.exit(result.exitCode === 0 ? 0 : 1)
