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
// Inputs longer than one run of the chunked sort (4096 lines): runs sorted apart, then merged.
const manyLines = genLines(10_000, 3)
for (const args of [[], ["-r"], ["-n"], ["-u"], ["-s", "-k2,2"], ["-k3,3n", "-k1,1r"], ["-V"], ["-hu"], ["-c"]]) add("sort", args, manyLines)
add("sort", ["-z", "-r"], manyLines.replaceAll("\n", "\0"))
add("sort", ["-m"], "b\na\nb\n")
add("sort", ["-mu"], "b\na\nb\n")
add("sort", ["-m", "-n", "f1", "f2", "-"], "2\n10\n", { files: { f1: "1\n3\n20\n", f2: "3\n4\n" } })
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


const twoFiles = { f1: "a 1\nb 2\nc 3\ne 5\n", f2: "a x\nc y\nc z\nd w\n" }
for (const args of [[], ["-d,"], ["-s"], ["-sd", ",:"], ["-d", "\\t\\n"], ["-d", ""], ["-s", "-d", "\\0"]]) {
  add("paste", [...args, "f1", "f2"], "", { files: twoFiles })
  add("paste", args, "1\n2\n3\n")
}
add("paste", ["-", "-"], "1\n2\n3\n4\n5\n")
add("paste", ["-s"], "")
add("paste", ["-sd"], "a\n")
for (const args of [[], ["-1"], ["-2"], ["-3"], ["-12"], ["-3", "--output-delimiter=|"], ["--total"], ["--check-order"], ["--nocheck-order"]]) {
  add("comm", [...args, "f1", "f2"], "", { files: twoFiles })
  add("comm", [...args, "u1", "u2"], "", { files: { u1: "b\na\nc\n", u2: "a\nb\n" } })
}
add("comm", ["f1"], "", { files: twoFiles })
for (const args of [[], ["-a1"], ["-a2"], ["-a1", "-a2"], ["-v1"], ["-v2"], ["-o", "1.2,2.2"], ["-o", "0,2.2", "-e", "X", "-a1"], ["-o", "auto", "-e", "-", "-a2"], ["-t", " ", "-1", "2", "-2", "1"], ["-i"]]) {
  add("join", [...args, "f1", "f2"], "", { files: twoFiles })
}
add("join", ["u1", "u2"], "", { files: { u1: "b 1\na 2\n", u2: "a 3\nb 4\n" } })
add("join", ["-t:", "f1", "f2"], "", { files: { f1: "k:1:2\nz:9\n", f2: "k:3\n" } })
for (const args of [[], ["-b", "a"], ["-b", "n"], ["-n", "ln"], ["-n", "rz"], ["-s", ": "], ["-i", "2", "-v", "10"], ["-w", "3"], ["-b", "pb"], ["-b", "a", "-n", "rz", "-w", "4", "-v", "5", "-i", "3"], ["-n", "xx"], ["-l", "2", "-b", "a"]]) {
  add("nl", args, "a\nb\n\n\nc\n\\:\\:\\:\nhead\n\\:\\:\nbody\n\\:\nfoot\n")
}
for (const args of [[], ["-s", "X"], ["-b", "-s", "X"], ["-r", "-s", "[0-9]"], ["-s", ""]]) add("tac", args, "a\nbX1c\n2d\nX\ne")
add("rev", [], "hello\nabc def\n\nx")
add("rev", [], "h\xc3\xa9llo\n", { locale: "C.UTF-8" })
for (const args of [[], ["-w", "5"], ["-w5", "-s"], ["-b", "-w", "4"], ["-3"], ["-w", "0"]]) add("fold", args, "hello world this is a long line\tx\nshort\naaaaaaaaaaaaaa bb\n")
for (const args of [[], ["-t", "4"], ["-t", "2,5,9"], ["-i"], ["-3"]]) add("expand", args, "a\tb\tc\n\t\tx\ty\nab\bc\td\n")
for (const args of [[], ["-a"], ["-t", "4"], ["--first-only", "-t", "4"], ["-a", "-t", "2,5"]]) add("unexpand", args, "        x       y  z\n  a   b\n\t  c        d\n")
for (const args of [[], ["-x"], ["-c", "40"], ["-t"], ["-t", "-s", ":"], ["-t", "-o", "|"], ["-t", "-s", ":", "-o", " | "], ["-t", "-N", "A,B,C"], ["-t", "-R", "2"]]) {
  add("column", args, "a b c\nfoo:bar baz\n\nlonger entry here:x\n1 2\n")
}
add("column", [], Array.from({ length: 30 }, (_, i) => String(i + 1)).join("\n") + "\n")
add("column", ["-x"], Array.from({ length: 30 }, (_, i) => String(i + 1)).join("\n") + "\n")

const binary = Uint8Array.from([0, 1, 97, 10, 255, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 104, 105, 33])
for (const args of [[], ["-c"], ["-An", "-tx1"], ["-Ax", "-tx2", "-c"], ["-a", "-w4"], ["-td4", "-to1"], ["-b"], ["-d"], ["-x"], ["-v", "-tx1"], ["-j2", "-N5", "-tx1"], ["-Ad", "-tu2"], ["-tx8"], ["-tdC", "-w8"], ["-An", "-w2", "-tx1"], ["-ty"], ["-Az"]]) add("od", args, binary)
add("od", ["-An", "-tx1"], "AB")
for (const args of [[], ["-p"], ["-g1", "-c8"], ["-u"], ["-l", "5"], ["-s", "3"], ["-c", "4", "-g", "3"], ["-i"]]) add("xxd", args, binary)
add("xxd", ["-r", "-p"], "4142 43\n44")
add("xxd", ["-r"], "00000000: 4142 4344  ABCD\n")
for (const args of [["-c", "0"], ["-p", "-c", "0"], ["-i", "-c", "0"], ["-c", "300"], ["-c", "256"], ["-c", "-1"], ["-p", "-c", "-1"], ["-p", "-c", "300"], ["-c", "0", "-g", "0"]]) add("xxd", args, binary)
for (const args of [[], ["-C"], ["-n", "5", "-C"], ["-v", "-C"]]) add("hexdump", args, binary)
add("hexdump", ["-s", "3", "-C", "bin"], "", { files: { bin: binary } })
add("hexdump", [], "Hi")
add("hexdump", ["-C"], "abc")
add("hd", [], binary)
for (const args of [[], ["-n", "2"], ["-3"], ["-t", "x"], ["-t", "d", "-n", "1"]]) add("strings", args, "hello\0ab\0world!!\x01\x02xyz long string here\n\tq")
add("shuf", ["-n", "x"], "")
add("shuf", ["-i", "5-1"], "")
add("shuf", ["-e", "-i", "1-2"], "")
for (const args of [["-i", "1-99999999999999999999", "-n", "2"], ["-n", "3", "-i", "5-4"], ["-r", "-n", "3", "-i", "5-4"], ["-i", "7-7"], ["-i", "0-0", "-n", "0"], ["-r", "-n", "4", "-i", "9-9"]]) add("shuf", args, "")
add("shuf", ["-r", "-n", "2"], "")
add("shuf", ["-n", "1"], "only\n")

for (const args of [["2", "+", "3"], ["10", "-", "3"], ["4", "*", "5"], ["10", "/", "3"], ["-7", "%", "3"], ["length", "hello"], ["substr", "hello", "2", "3"], ["abc", "=", "abc"], ["abc", "!=", "def"], ["3", "<", "5"], ["10", "<", "9"], ["a", "<", "b"], ["hello", ":", "hel"], ["hello", ":", "h\\(.*\\)o"], ["abc", ":", "x"], ["abc", ":", "\\(x\\)"], ["0", "+", "0"], [], ["1", "+"], ["1", "/", "0"], ["a", "+", "1"], ["(", "1", "+", "2", ")", "*", "3"], ["0", "|", "5"], ["0", "&", "5"], ["", "|", "0"], ["index", "hello", "l"], ["match", "abc123", "[a-z]*"], ["99999999999999999999", "+", "1"], ["1", "2"], ["(", "1"], ["+", "length"], ["--", "5"], ["-5", "*", "-5"]]) add("expr", args, "")

for (const a of ["--to=iec 1023", "--to=iec 1024", "--to=iec 10240", "--to=iec 1048575", "--to=si 999999", "--to=si 9999", "--to=si 1500", "--from=auto 1Ki", "--from=iec 1.5K", "1.5", "--to=iec 123456789012", "--round=down --to=si 1999", "--round=nearest --to=si 1450", "--format=%.2f --to=iec 1048576", "--format=%8f 100", "--format=x%-8fy 100", "--padding=-8 100", "1K", "--to=iec-i 1023", "--from=si --to=iec 10G", "--suffix=B --from=iec 1KB", "--from=si 1.234K", "--to=iec 1048576", "--to=si 1048576", "--from=iec 1K", "--from=si 1K", "--to=iec --suffix=B 1048576", "--to=iec-i 1048576", "--from=iec --to=iec 1M", "--to=iec 1024 2048 1048576", "--to=iec --padding=10 1048576", "--to=iec 500", "--to=si 1000000000", "--to=iec abc", "--invalid=warn --to=iec abc 5", "--invalid=ignore --to=iec abc", "--from=iec-i 1K", "--to=iec --round=up 1500"]) {
  add("numfmt", a.split(" "), "")
}
add("numfmt", ["--to=iec"], "1024 x\n  2048 y\n")
add("numfmt", ["--to=iec", "--field=2"], "a 2048 y\n")
add("numfmt", ["--header", "--to=iec"], "h\n2048\n")
add("numfmt", ["-d:", "--field=2", "--to=si"], "a:2000:c\n")

const diffA = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n"
const diffB = "a\nB\nc\nd\ne\nf\ng\nh\nx\ni\nj\n"
for (const [fa, fb] of <Array<[string, string]>>[[diffA, diffB], ["", "x\n"], ["x\n", ""], ["a\nb", "a\nb\n"], ["a\n", "b"], ["same\n", "same\n"], ["A b\n", "a  b\n"]]) {
  for (const args of [[], ["-q"], ["-s"], ["-U1", "--label", "L", "--label", "R"], ["-u", "--label", "L", "--label", "R"], ["-U0", "--label", "L", "--label", "R"], ["-i"], ["-w"], ["-b"]]) add("diff", [...args, "fa", "fb"], "", { files: { fa, fb } })
}
add("diff", ["fa", "nofile"], "", { files: { fa: "x\n" } })
add("diff", ["-N", "fa", "nofile"], "", { files: { fa: "x\n" } })
add("diff", ["-r", "d1", "d2"], "", { files: { "d1/a": "1\n", "d1/b": "2\n", "d2/b": "3\n", "d2/c": "4\n", "d1/s/x": "5\n", "d2/s/x": "6\n" } })
add("diff", ["d1", "d2"], "", { files: { "d1/a": "1\n", "d2/a": "2\n", "d1/s/x": "5\n", "d2/s/x": "6\n" } })
add("diff", ["-", "fa"], "x\ny\n", { files: { fa: "x\nz\n" } })
add("diff", ["fa"], "")
add("diff", ["--bogus", "a", "b"], "")

export const differentialRows: ReadonlyArray<[string, OracleCase]> = rows
