import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { describe, expect, it } from "vitest"
import { definitionNames, makeBuiltinLibrary } from "../../src/commands/data/jq/builtinLibrary.js"
import { likelyInputFiles } from "../../src/commands/data/jq/inputFiles.js"
import { libraryLengthExport, patchJqWasm } from "../../src/commands/data/jq/wasmPatch.js"

const require = createRequire(import.meta.url)
/** The host's WebAssembly API (its types are not in this project's `lib`). */
const wasm = (globalThis as unknown as {
  WebAssembly: {
    compile(bytes: Uint8Array): Promise<object>
    Module: { exports(module: object): Array<{ name: string; kind: string }> }
  }
}).WebAssembly
const wasmBytes = new Uint8Array(readFileSync(require.resolve("jq-wasm/jq.wasm")))
const patched = patchJqWasm(wasmBytes)
const realLibrary = patched.library?.text ?? ""

/** The names of the definitions a library text keeps. */
const kept = (text: string | undefined): Array<string> => (text === undefined ? ["<full>"] : definitionNames(text))

describe("patchJqWasm", () => {
  it("finds jq 1.8's builtin library and exposes its length as a mutable global", async () => {
    expect(patched.library?.text.startsWith("def halt_error: halt_error(5);")).toBe(true)
    expect(patched.bytes.length).toBeGreaterThan(wasmBytes.length)
    const module = await wasm.compile(patched.bytes)
    const globalExport = wasm.Module.exports(module).find((e) => e.name === libraryLengthExport)
    expect(globalExport?.kind).toBe("global")
  })

  it("leaves a binary it does not recognise untouched", () => {
    const altered = wasmBytes.slice()
    const marker = Buffer.from(altered).indexOf("def halt_error")
    altered[marker] = "D".charCodeAt(0)
    const result = patchJqWasm(altered)
    expect(result.library).toBeUndefined()
    expect(result.bytes).toBe(altered)
    expect(patchJqWasm(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 99])).library).toBeUndefined()
  })
})

describe("builtin library cut-down", () => {
  const library = makeBuiltinLibrary(realLibrary)

  it("splits the real library into every top-level definition", () => {
    const names = definitionNames(realLibrary)
    expect(names.length).toBe((realLibrary.match(/^def /gm) ?? []).length)
    expect(names.filter((name) => name === "recurse")).toHaveLength(3)
    expect(names).toContain("tostream")
    expect(names).toContain("IN")
  })

  it("keeps nothing for a filter that calls no library function", () => {
    expect(library.forArguments([".a", "file.json"])).toBe("")
    expect(library.forArguments(["-n", "1 + 2"])).toBe("")
  })

  it("keeps what a filter names, every arity of it, and what those bodies name", () => {
    const names = kept(library.forArguments(["-c", "with_entries(.value += 1)"]))
    expect(names).toEqual(expect.arrayContaining(["with_entries", "to_entries", "from_entries", "map", "add", "_modify"]))
    expect(names).not.toContain("walk")
    expect(kept(library.forArguments(["recurse"])).filter((name) => name === "recurse")).toHaveLength(3)
  })

  it("counts syntax jq turns into library calls", () => {
    expect(kept(library.forArguments(["[..]"]))).toContain("recurse")
    expect(kept(library.forArguments([".a = 1"]))).toContain("_assign")
    expect(kept(library.forArguments([".a = 1"]))).not.toContain("_modify")
    for (const op of ["|=", "+=", "-=", "*=", "/=", "%=", "//="]) expect(kept(library.forArguments([`.a ${op} 1`]))).toContain("_modify")
    expect(kept(library.forArguments([".a == 1 or .b != 2 or .c <= 3 or .d >= 4"]))).toEqual([])
  })

  it("uses the whole library when the program can see or extend it", () => {
    for (const argv of [["builtins"], ['import "m" as m; m::f'], ['include "m"; f'], ["modulemeta"], ["-f", "prog.jq"], ["-nf", "p"], ["--from-file", "p"], ["-L", "/lib", "."], ["--library-path", "/lib", "."]]) {
      expect(library.forArguments(argv), argv.join(" ")).toBeUndefined()
    }
  })

  it("reads names inside strings, interpolations and comments (extra names only keep more)", () => {
    expect(kept(library.forArguments(['"\\(walk(.))"']))).toContain("walk")
    expect(kept(library.forArguments([". # then map"]))).toContain("map")
  })

  it("splits nested definitions, strings with semicolons and interpolations correctly", () => {
    const synthetic = makeBuiltinLibrary(
      [
        'def a: "x;\\(b(1; 2) | "y;def") ; z";',
        "def b(f; g): def inner: f; [inner, g];",
        "def c: path(def r: (.[]?|r), .; r); # def d: broken;",
        "def d: c;",
        "def e: 1;"
      ].join("\n")
    )
    expect(kept(synthetic.forArguments(["a"]))).toEqual(["a", "b"])
    expect(kept(synthetic.forArguments(["d"]))).toEqual(["c", "d"])
    expect(kept(synthetic.forArguments(["e"]))).toEqual(["e"])
  })

  it("refuses text that is not a sequence of definitions", () => {
    expect(() => makeBuiltinLibrary("def a: 1; 2")).toThrow()
    expect(() => makeBuiltinLibrary("def a: (1;")).toThrow()
  })
})

describe("likelyInputFiles", () => {
  it("takes the operands after the filter and the --slurpfile/--rawfile files", () => {
    expect(likelyInputFiles([".a", "x.json", "y.json"])).toEqual(["x.json", "y.json"])
    expect(likelyInputFiles(["-c", "--arg", "k", "v", "--argjson", "j", "1", ".", "in.json"])).toEqual(["in.json"])
    expect(likelyInputFiles(["-n", "--slurpfile", "s", "s.json", "--rawfile", "r", "r.txt", "$s"])).toEqual(["s.json", "r.txt"])
    expect(likelyInputFiles(["--indent", "3", ".", "f"])).toEqual(["f"])
  })

  it("stops at --args/--jsonargs and treats everything after -- as operands", () => {
    expect(likelyInputFiles([".", "f", "--args", "a", "b"])).toEqual(["f"])
    expect(likelyInputFiles(["--", "-x", "-y"])).toEqual(["-y"])
  })

  it("counts the filter operand as a file with -f", () => {
    expect(likelyInputFiles(["-f", "prog.jq", "in.json"])).toEqual(["prog.jq", "in.json"])
  })

  it("leaves out stdin and /dev/null", () => {
    expect(likelyInputFiles([".", "-", "/dev/stdin", "/dev/null", "f"])).toEqual(["f"])
  })
})
