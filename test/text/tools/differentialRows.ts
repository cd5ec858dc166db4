/** Rows of the differential suite: [command, case]. Inputs are partly generated from a fixed seed. */
import type { OracleCase } from "./hostOracle.js"

/** Deterministic pseudo-random generator (mulberry32). */
const rng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const random = rng(42)
const pick = <T>(xs: ReadonlyArray<T>): T => xs[Math.floor(random() * xs.length)]!
const WORDS = ["apple", "Banana", "cherry", "10", "9", "-3", "2.5", "1e3", "0x1F", "1K", "2M", "Jan", "feb", "v1.10", "v1.9", "", " x", "a b", "zeta", "ÄÖ", "a\tb"]
const genLines = (n: number, fields = 2, sep = " "): string => {
  let out = ""
  for (let i = 0; i < n; i++) out += Array.from({ length: fields }, () => pick(WORDS)).join(sep) + "\n"
  return out
}

const generated = genLines(60, 3)
const generatedColon = genLines(60, 4, ":")
const numbers = Array.from({ length: 80 }, () => String(Math.floor(random() * 2000) - 1000) + pick(["", ".5", "K", "M", " x"])).join("\n") + "\n"
const dupes = Array.from({ length: 80 }, () => pick(["a", "A", "b", "b x", "c  y", "c y", ""])).join("\n") + "\n"
const text = "one two  three\nfour\tfive\n\nsix seven eight nine\nten"

const rows: Array<[string, OracleCase]> = []
const add = (name: string, args: ReadonlyArray<string>, stdin: string | Uint8Array, extra: Partial<OracleCase> = {}) =>
  rows.push([name, { args, stdin, ...extra }])

for (const args of [[], ["-r"], ["-n"], ["-rn"], ["-g"], ["-h"], ["-V"], ["-M"], ["-f"], ["-u"], ["-fu"], ["-d"], ["-i"], ["-b"], ["-k2"], ["-k2,2"], ["-k2n"], ["-k3,3r", "-k1"], ["-k1.2,1.3"], ["-k2b,2"], ["-s", "-k1,1"], ["-u", "-k1,1"], ["-nu"], ["-c"], ["-C"], ["-k2,2", "-n"], ["-t", " ", "-k2"], ["-k", "1.3b,2.2n"]]) {
  add("sort", args, generated)
}
for (const args of [["-t:", "-k2"], ["-t:", "-k3,3n", "-k1,1r"], ["-t:", "-k2,3"], ["-t:", "-k4.2"], ["-t:", "-su", "-k1,1"]]) add("sort", args, generatedColon)
for (const args of [["-n"], ["-h"], ["-g"], ["-gr"], ["-hu"], ["-nr"]]) add("sort", args, numbers)
for (const args of [["-k0"], ["-k1.0"], ["-t", "ab"], ["-k2x"], ["-n", "-g"], ["--bogus"], ["nofile"], ["-c", "a", "b"]]) add("sort", args, "")
add("sort", ["-z"], "b\0a\0c\0")
add("sort", ["-m", "f1", "f2"], "", { files: { f1: "a\nc\n", f2: "b\nd\n" } })

for (const args of [[], ["-c"], ["-d"], ["-D"], ["-u"], ["-i"], ["-ic"], ["-f1"], ["-s1"], ["-w1"], ["-c", "-s2", "-w1"], ["--all-repeated=separate"], ["--all-repeated=prepend"], ["--group"], ["--group=both"], ["-Dc"], ["-f", "x"], ["a", "b", "c"]]) {
  add("uniq", args, dupes)
}

for (const args of [["-d", ":", "-f2"], ["-d:", "-f1,3"], ["-d:", "-f2-"], ["-d:", "-f-2"], ["-d:", "-s", "-f2"], ["-d:", "--complement", "-f2"], ["-d:", "-f1,3", "--output-delimiter=|"], ["-c1-3"], ["-b2,4-5"], ["-c3-"], ["-c1,2", "--output-delimiter=:"], ["-c1-2,5-6", "--output-delimiter=:"], ["--complement", "-c2-3"], ["-f2"], ["-f0"], ["-fx"], ["-f3-1"], ["-b1", "-f1"], ["-d", "ab", "-f1"], ["-c1", "-d,"], ["-c1", "-s"], ["-f-"], ["-f1-2,"], []]) {
  add("cut", args, generatedColon)
}
add("cut", ["-f1", "nofile", "-"], "x\n")

for (const args of [["a-z", "A-Z"], ["-d", "aeiou"], ["-s", "a-z "], ["-cd", "a-z\\n"], ["-c", "a-z", "_"], ["[:upper:]", "[:lower:]"], ["-d", "[:digit:][:punct:]"], ["-s", "[:space:]"], ["abc", "x"], ["-t", "abc", "x"], ["a-c", "[x*]"], ["a-e", "[x*2]yz"], ["\\101-\\103", "\\n"], ["-ds", "a", "b"], ["z-a", "x"], [], ["a"], ["-d", "a", "b"], ["[:foo:]", "x"], ["[=a=]", "b"], ["-s", "ab", "xy"]]) {
  add("tr", args, "Hello, World! 123 aaa   bbb\tccc\nABC abc xyz\n")
}
for (const args of [[], ["-n", "3"], ["-3"], ["-n", "-2"], ["-c", "5"], ["-c", "-5"], ["-n", "0"], ["-n", "x"], ["-c", "1x"]]) {
  add("head", args, text)
  add("tail", args, text)
}
for (const args of [["-n", "+3"], ["-c", "+4"], ["-n", "1"]]) add("tail", args, text)
add("head", ["-n", "1", "f1", "f2"], "", { files: { f1: "a\nb\n", f2: "c\nd\n" } })
add("tail", ["-qn", "1", "f1", "-"], "x\ny\n", { files: { f1: "a\nb\n" } })
add("head", ["-v", "nofile", "f1"], "", { files: { f1: "a\nb\n" } })

for (const args of [[], ["-l"], ["-w"], ["-c"], ["-m"], ["-L"], ["-lw"], ["-lwcmL"]]) {
  add("wc", args, text)
  add("wc", [...args, "f1", "f2"], "", { files: { f1: text, f2: "x\n" } })
}
add("wc", ["-l", "nofile", "f1"], "", { files: { f1: "a\n" } })
add("wc", ["-", "f1"], "a b\n", { files: { f1: "a\n" } })
add("wc", ["-mL"], "h\xc3\xa9llo \xe4\xb8\xad\n", { locale: "C.UTF-8" })

export const differentialRows: ReadonlyArray<[string, OracleCase]> = rows
