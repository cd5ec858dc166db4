/**
 * The 96 cases of bashkit's own benchmark (crates/bashkit-bench/src/cases.rs, MIT), as exported
 * to ../shared/bench/bashkit-bench-cases.json. Read at run time: the file is not copied here.
 */
import { readFileSync } from "node:fs"
import type { BenchCase } from "./types.js"

interface CaseFile {
  readonly cases: ReadonlyArray<{ name: string; category: string; script: string; expected: string }>
}

const defaultPath = new URL("../../../shared/bench/bashkit-bench-cases.json", import.meta.url)

export const loadBashkitCases = (path: string | URL = process.env["BASHKIT_BENCH_CASES"] ?? defaultPath): Array<BenchCase> => {
  const file = JSON.parse(readFileSync(path, "utf8")) as CaseFile
  return file.cases.map((c) => ({ set: "bashkit", category: c.category, name: c.name, script: c.script, expected: c.expected }))
}
