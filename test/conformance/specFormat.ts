/**
 * Reader for bashkit's conformance spec format:
 *
 *   ### case_name
 *   # optional comment lines, then the script
 *   ### exit_code: N        (optional metadata, anywhere before `### expect`)
 *   ### skip: why           (optional)
 *   ### bash_diff: why      (optional: passes when it matches /bin/bash instead)
 *   ### expect
 *   expected stdout
 *   ### end
 */

export interface SpecCase {
  readonly file: string
  readonly name: string
  readonly script: string
  readonly expected: string
  readonly exitCode: number | undefined
  readonly skip: string | undefined
  readonly bashDiff: string | undefined
  readonly line: number
}

// `### bash_diff` may come without a reason.
const META = /^### (exit_code|skip|bash_diff)(?::\s*(.*))?$/

export const parseSpecFile = (file: string, text: string): Array<SpecCase> => {
  const cases: Array<SpecCase> = []
  const lines = text.split("\n")
  let i = 0
  while (i < lines.length) {
    const header = lines[i]!
    if (!header.startsWith("### ") || META.test(header) || header === "### expect" || header === "### end") {
      i++
      continue
    }
    const name = header.slice(4).trim()
    const line = i + 1
    i++
    const script: Array<string> = []
    let exitCode: number | undefined
    let skip: string | undefined
    let bashDiff: string | undefined
    while (i < lines.length && lines[i] !== "### expect") {
      const meta = META.exec(lines[i]!)
      if (meta !== null) {
        if (meta[1] === "exit_code") exitCode = Number.parseInt(meta[2]!, 10)
        else if (meta[1] === "skip") skip = meta[2] ?? ""
        else bashDiff = meta[2] ?? ""
      } else script.push(lines[i]!)
      i++
    }
    i++
    const expected: Array<string> = []
    while (i < lines.length && lines[i] !== "### end") {
      const meta = META.exec(lines[i]!)
      if (meta !== null && meta[1] === "exit_code") exitCode = Number.parseInt(meta[2]!, 10)
      else expected.push(lines[i]!)
      i++
    }
    i++
    // The comment lines right after the name describe the case; they are not part of the script.
    while (script.length > 0 && script[0]!.startsWith("#")) script.shift()
    cases.push({
      file,
      name,
      script: script.join("\n") + "\n",
      expected: expected.length === 0 ? "" : expected.join("\n") + "\n",
      exitCode,
      skip,
      bashDiff,
      line
    })
  }
  return cases
}

/** Output comparison: exact, or equal once a single trailing newline difference is ignored. */
export const sameOutput = (actual: string, expected: string): boolean =>
  actual === expected || actual.replace(/\n$/, "") === expected.replace(/\n$/, "")
