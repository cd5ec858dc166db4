/**
 * Scaling cases: the same script at growing amounts of work, so a curve that is not linear
 * (quadratic string building, per-command stream setup) shows up as a ratio that grows.
 */
import { realisticScript } from "../../src/parser/bench.js"
import type { BenchCase } from "./types.js"

export interface ScalingOptions {
  /** Include the 100 MB data cases (slow to generate and to run in the peers). */
  readonly big: boolean
  /** Smaller sizes only (quick run). */
  readonly quick: boolean
}

const MB = 1024 * 1024

/** Deterministic pseudo-random numbers (mulberry32), so every run sees the same data. */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const syllables = ["ka", "lo", "mi", "re", "tu", "sa", "ne", "bo", "di", "fu", "ga", "po", "ze", "wi", "xa", "qu"]

/** About `bytes` of text lines `word number word`: ASCII only, so C collation is unambiguous. */
export const generateText = (bytes: number, seed = 42): string => {
  const random = prng(seed)
  const word = () => {
    let w = ""
    const n = 2 + Math.floor(random() * 4)
    for (let i = 0; i < n; i++) w += syllables[Math.floor(random() * syllables.length)]
    return w
  }
  const lines: Array<string> = []
  let size = 0
  while (size < bytes) {
    const line = `${word()} ${Math.floor(random() * 100_000)} ${word()}\n`
    lines.push(line)
    size += line.length
  }
  return lines.join("")
}

/** `count` small files spread over directories of 100 files each, under `tree/`. */
export const generateTree = (count: number): Record<string, string> => {
  const files: Record<string, string> = {}
  for (let i = 0; i < count; i++) {
    const dir = String(Math.floor(i / 100)).padStart(3, "0")
    files[`tree/d${dir}/f${String(i).padStart(5, "0")}.txt`] = `file ${i}\n`
  }
  return files
}

const label = (n: number): string => (n >= MB ? `${n / MB}mb` : n >= 1000 ? `${n / 1000}k` : String(n))

/** Iterations for slow sizes: large work runs few times (each run is already long). */
const itersFor = (work: number, small: number): number => (work >= 100_000 ? 3 : work >= 10_000 ? 5 : small)

export const scalingCases = (options: ScalingOptions): Array<BenchCase> => {
  const cases: Array<BenchCase> = []
  const counts = options.quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]

  for (const n of counts) {
    cases.push({
      set: "scaling",
      category: "loop",
      name: `for_arith_${label(n)}`,
      work: n,
      maxIterations: itersFor(n, 10),
      script: `s=0; for ((i=0; i<${n}; i++)); do s=$((s + i)); done; echo $s`
    })
  }
  for (const n of counts) {
    cases.push({
      set: "scaling",
      category: "loop",
      name: `while_test_${label(n)}`,
      work: n,
      maxIterations: itersFor(n, 10),
      script: `i=0; while [ $i -lt ${n} ]; do i=$((i + 1)); done; echo $i`
    })
  }
  for (const n of counts) {
    cases.push({
      set: "scaling",
      category: "string",
      name: `append_${label(n)}`,
      work: n,
      maxIterations: itersFor(n, 10),
      script: `s=; for ((i=0; i<${n}; i++)); do s+=x; done; echo \${#s}`
    })
  }
  // bashkit's binding caps function depth at 100 (its wrapper does not pass the option through).
  for (const depth of options.quick ? [50, 500] : [50, 500, 2000]) {
    cases.push({
      set: "scaling",
      category: "recursion",
      name: `recurse_depth_${label(depth)}`,
      work: depth,
      maxIterations: 10,
      script: `f() { if (( $1 > 0 )); then f $(( $1 - 1 )); else echo bottom; fi; }; f ${depth}; echo $?`
    })
  }

  const sizes = options.quick ? [1 * MB] : options.big ? [1 * MB, 10 * MB, 100 * MB] : [1 * MB, 10 * MB]
  for (const size of sizes) {
    const files = lazyFiles(() => ({ "data.txt": generateText(size) }))
    const iterations = size >= 100 * MB ? 2 : size >= 10 * MB ? 3 : 8
    const data = { set: "scaling" as const, category: "data", work: size, reuse: true, maxIterations: iterations }
    cases.push({ ...data, name: `sort_${label(size)}`, files, script: `sort "$D/data.txt" | tail -n 2` })
    cases.push({ ...data, name: `sort_n_${label(size)}`, files, script: `sort -k2,2n "$D/data.txt" | tail -n 1` })
    cases.push({ ...data, name: `grep_${label(size)}`, files, script: `grep -c 'ka[lm]i' "$D/data.txt"` })
    cases.push({ ...data, name: `awk_sum_${label(size)}`, files, script: `awk '{ s += $2 % 100 } END { print s, NR }' "$D/data.txt"` })
  }

  // A script that is parsed whole and never run. just-bash refuses sources of 1,000,000 bytes or
  // more and bashkit's parser stops at 100,000 work units (neither is configurable from Node):
  // the 960k case shows those caps; the 100k one times all runners.
  for (const bytes of [100_000, 960_000]) {
    cases.push({
      set: "scaling",
      category: "parse",
      name: `parse_${bytes / 1000}k`,
      work: bytes,
      maxIterations: 5,
      script: `if false; then\n${realisticScript(bytes - 200)}\nfi\necho parsed`
    })
  }

  for (const count of options.quick ? [1_000] : [1_000, 10_000]) {
    const files = lazyFiles(() => generateTree(count))
    const tree = { set: "scaling" as const, category: "files", work: count, reuse: true, maxIterations: count >= 10_000 ? 5 : 10 }
    cases.push({ ...tree, name: `find_${label(count)}`, files, script: `find "$D/tree" -name '*7.txt' | wc -l` })
    cases.push({ ...tree, name: `glob_${label(count)}`, files, script: `set -- "$D"/tree/*/*7.txt; echo $#` })
  }

  cases.push({
    set: "scaling",
    category: "pipeline",
    name: "pipeline_10_stages",
    work: 10,
    maxIterations: 10,
    script: "seq 1 20000 | cat | grep 1 | sed 's/1/x/' | awk '{ print $1 }' | sort | uniq | tr x y | head -n 5000 | wc -l"
  })
  return cases
}

/**
 * Files generated on first access and kept: generating 100 MB is slow, and the host-bash
 * runner keys its materialized copy on the object's identity.
 */
const lazyFiles = (make: () => Record<string, string>): Readonly<Record<string, string>> => {
  let made: Record<string, string> | undefined
  const get = () => (made ??= make())
  return new Proxy({} as Record<string, string>, {
    ownKeys: () => Reflect.ownKeys(get()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(get(), key),
    get: (_, key) => Reflect.get(get(), key),
    has: (_, key) => Reflect.has(get(), key)
  })
}
