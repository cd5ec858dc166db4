/**
 * The files a jq command line will probably open: its input files and the files of
 * `--slurpfile`/`--rawfile`/`-f`. The engine reads the small ones before the run starts and
 * sends them with it, so the worker need not stop jq to ask for them (a round trip between the
 * threads per file). This is only a guess to save time: the worker uses a prefetched file only
 * when jq opens exactly that path, and asks for anything else as before, so a wrong guess costs
 * a read, never a different answer.
 *
 * It follows jq 1.8's command line: the first operand is the filter (unless `-f` gives a file),
 * later operands are input files until `--args`/`--jsonargs`, `--` ends the options, and
 * `--arg`, `--argjson`, `--indent` and `-L` take values that are not files.
 */

/** Options followed by this many values that are not files. */
const valueOptions: Readonly<Record<string, number>> = {
  "--arg": 2,
  "--argjson": 2,
  "--indent": 1,
  "--library-path": 1,
  "-L": 1
}

/** Options whose second value is a file jq reads. */
const fileValueOptions = new Set(["--slurpfile", "--rawfile"])

/** Paths jq handles without the VFS, or that are not files. */
const notPrefetched = new Set(["-", "/dev/stdin", "/dev/null"])

/** At most this many files are prefetched per run. */
export const maxPrefetchedFiles = 8

export const likelyInputFiles = (argv: ReadonlyArray<string>): Array<string> => {
  const files: Array<string> = []
  let filterFromFile = false
  let filterSeen = false
  let optionsEnded = false
  for (let i = 0; i < argv.length && files.length < maxPrefetchedFiles; i++) {
    const arg = argv[i] as string
    if (!optionsEnded && arg.startsWith("-") && arg.length > 1) {
      if (arg === "--") optionsEnded = true
      else if (arg === "--args" || arg === "--jsonargs") break
      else if (fileValueOptions.has(arg)) {
        const file = argv[i + 2]
        if (file !== undefined) files.push(file)
        i += 2
      } else if (arg in valueOptions) i += valueOptions[arg] ?? 0
      else if (arg === "--from-file" || (!arg.startsWith("--") && arg.includes("f"))) filterFromFile = true
      continue
    }
    if (!filterSeen && !filterFromFile) {
      filterSeen = true
      continue
    }
    files.push(arg)
  }
  return files.filter((file) => !notPrefetched.has(file))
}
