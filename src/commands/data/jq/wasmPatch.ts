/**
 * One change to the jq wasm binary before it is compiled: the length jq passes for its builtin
 * library becomes a mutable exported global, so each run can hand jq a shorter library.
 *
 * Why. jq parses its whole builtin library (about 9.6 KB of jq source, ~100 definitions) on every
 * run, then drops the definitions the program does not use; in this build that parse is most of
 * a small run's time. The worker writes only the definitions a program can reach over the
 * library's text in linear memory (see `builtinLibrary.ts`) and sets the global to their length.
 *
 * In the pinned jq-wasm build the library is read by one call,
 * `locfile_init(jq, "<builtin>", jq_builtins, sizeof(jq_builtins) - 1)`, whose last two
 * arguments are `i32.const` instructions. The patch replaces the length's `i32.const` with
 * `global.get` of a new global, padded with `nop`s to the same byte length, so no function body
 * changes size. Everything is located by content, not by fixed offsets, and checked: if the
 * library text or that exact instruction sequence is not found exactly once, the binary is
 * returned untouched and jq always gets its full library.
 */

/** The export under which the patched binary exposes the library-length global. */
export const libraryLengthExport = "jqBuiltinsLength"

/** jq's builtin library as it sits in linear memory. */
export interface BuiltinLibraryImage {
  /** Its address in linear memory. */
  readonly address: number
  /** Its bytes (ASCII jq source, no terminating NUL). */
  readonly text: string
}

export interface PatchedJqWasm {
  readonly bytes: Uint8Array
  /** Present when the patch applied: the library can then be cut down per run. */
  readonly library?: BuiltinLibraryImage
}

/** The first definition of jq 1.8's builtin library: how the library is recognised. */
const libraryMarker = "def halt_error: halt_error(5);"

const sectionIds = { import: 2, global: 6, export: 7, code: 10, data: 11 } as const
const opcodes = { i32Const: 0x41, globalGet: 0x23, nop: 0x01, end: 0x0b } as const
const i32Type = 0x7f
const globalExportKind = 3

interface Section {
  readonly id: number
  /** Offset of the payload in the binary. */
  readonly start: number
  readonly end: number
}

class Reader {
  constructor(readonly bytes: Uint8Array, public offset: number) {}
  byte(): number {
    const value = this.bytes[this.offset++]
    if (value === undefined) throw new Error("truncated wasm")
    return value
  }
  u32(): number {
    let result = 0
    let shift = 0
    for (;;) {
      const b = this.byte()
      result += (b & 0x7f) * 2 ** shift
      if ((b & 0x80) === 0) return result
      shift += 7
    }
  }
  skip(count: number): void {
    this.offset += count
  }
  /** Skip a constant expression (up to and including its `end`); returns its i32.const value if it is one. */
  constExpr(): number | undefined {
    const op = this.byte()
    let value: number | undefined
    if (op === opcodes.i32Const) value = this.i32()
    while (this.byte() !== opcodes.end) {
      value = undefined
    }
    return value
  }
  i32(): number {
    let result = 0
    let shift = 0
    let b: number
    do {
      b = this.byte()
      result |= (b & 0x7f) << shift
      shift += 7
    } while (b & 0x80)
    if (shift < 32 && b & 0x40) result |= -1 << shift
    return result
  }
}

const encodeU32 = (value: number): Array<number> => {
  const out: Array<number> = []
  do {
    let b = value & 0x7f
    value >>>= 7
    if (value !== 0) b |= 0x80
    out.push(b)
  } while (value !== 0)
  return out
}

const encodeI32 = (value: number): Array<number> => {
  const out: Array<number> = []
  for (;;) {
    const b = value & 0x7f
    value >>= 7
    const done = (value === 0 && (b & 0x40) === 0) || (value === -1 && (b & 0x40) !== 0)
    out.push(done ? b : b | 0x80)
    if (done) return out
  }
}

const readSections = (bytes: Uint8Array): Array<Section> => {
  const reader = new Reader(bytes, 8)
  const sections: Array<Section> = []
  while (reader.offset < bytes.length) {
    const id = reader.byte()
    const size = reader.u32()
    sections.push({ id, start: reader.offset, end: reader.offset + size })
    reader.skip(size)
  }
  return sections
}

/** Count the globals the module imports (they come first in the global index space). */
const importedGlobals = (bytes: Uint8Array, section: Section | undefined): number => {
  if (section === undefined) return 0
  const reader = new Reader(bytes, section.start)
  let globals = 0
  for (let count = reader.u32(); count > 0; count--) {
    reader.skip(reader.u32())
    reader.skip(reader.u32())
    const kind = reader.byte()
    if (kind === 0) reader.u32()
    else if (kind === 1) {
      reader.byte()
      const flags = reader.byte()
      reader.u32()
      if (flags & 1) reader.u32()
    } else if (kind === 2) {
      const flags = reader.byte()
      reader.u32()
      if (flags & 1) reader.u32()
    } else {
      reader.skip(2)
      globals++
    }
  }
  return globals
}

/** Find the library text among the active data segments. */
const findLibrary = (bytes: Uint8Array, section: Section): BuiltinLibraryImage | undefined => {
  const marker = new TextEncoder().encode(libraryMarker)
  const reader = new Reader(bytes, section.start)
  const found: Array<BuiltinLibraryImage> = []
  for (let count = reader.u32(); count > 0; count--) {
    const flags = reader.u32()
    if (flags === 2) reader.u32()
    const offset = flags === 1 ? undefined : reader.constExpr()
    const size = reader.u32()
    const data = bytes.subarray(reader.offset, reader.offset + size)
    reader.skip(size)
    if (offset === undefined) continue
    for (let at = indexOf(data, marker, 0); at >= 0; at = indexOf(data, marker, at + 1)) {
      if (at > 0 && data[at - 1] !== 0) continue
      const nul = data.indexOf(0, at)
      if (nul < 0) continue
      found.push({ address: offset + at, text: new TextDecoder("latin1").decode(data.subarray(at, nul)) })
    }
  }
  return found.length === 1 ? found[0] : undefined
}

const indexOf = (haystack: Uint8Array, needle: Uint8Array, from: number): number =>
  Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength).indexOf(needle, from)

const concat = (parts: ReadonlyArray<Uint8Array>): Uint8Array => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

const section = (id: number, payload: Uint8Array): Uint8Array =>
  concat([Uint8Array.of(id, ...encodeU32(payload.length)), payload])

/** A vector section's payload (count, then entries) with one more entry at the end. */
const withEntry = (bytes: Uint8Array, vector: Section, entry: ReadonlyArray<number>): Uint8Array => {
  const reader = new Reader(bytes, vector.start)
  const count = reader.u32()
  return concat([Uint8Array.from(encodeU32(count + 1)), bytes.subarray(reader.offset, vector.end), Uint8Array.from(entry)])
}

/** Patch the jq-wasm binary (see the module comment); the input is not modified. */
export const patchJqWasm = (original: Uint8Array): PatchedJqWasm => {
  try {
    const sections = readSections(original)
    const byId = (id: number) => sections.filter((s) => s.id === id)
    const [data] = byId(sectionIds.data)
    const [code] = byId(sectionIds.code)
    const [globals] = byId(sectionIds.global)
    const [exports] = byId(sectionIds.export)
    if (data === undefined || code === undefined || globals === undefined || exports === undefined) return { bytes: original }
    const library = findLibrary(original, data)
    if (library === undefined) return { bytes: original }

    // `i32.const <address>; i32.const <length>`: the two arguments of the one call that reads it.
    const lengthConst = [opcodes.i32Const, ...encodeI32(library.text.length)]
    const site = new Uint8Array([opcodes.i32Const, ...encodeI32(library.address), ...lengthConst])
    const codeBytes = original.subarray(code.start, code.end)
    const at = indexOf(codeBytes, site, 0)
    if (at < 0 || indexOf(codeBytes, site, at + 1) >= 0) return { bytes: original }

    const reader = new Reader(original, globals.start)
    const globalIndex = importedGlobals(original, byId(sectionIds.import)[0]) + reader.u32()
    const getGlobal = [opcodes.globalGet, ...encodeU32(globalIndex)]
    if (getGlobal.length > lengthConst.length) return { bytes: original }
    const replacement = [...getGlobal, ...Array<number>(lengthConst.length - getGlobal.length).fill(opcodes.nop)]

    const patchedCode = codeBytes.slice()
    patchedCode.set(replacement, at + site.length - lengthConst.length)
    // A mutable i32 global, initially the full length.
    const newGlobal = [i32Type, 1, opcodes.i32Const, ...encodeI32(library.text.length), opcodes.end]
    const name = new TextEncoder().encode(libraryLengthExport)
    const newExport = [...encodeU32(name.length), ...name, globalExportKind, ...encodeU32(globalIndex)]

    const parts = [original.subarray(0, 8)]
    for (const each of sections) {
      const payload =
        each === globals ? withEntry(original, each, newGlobal)
        : each === exports ? withEntry(original, each, newExport)
        : each === code ? patchedCode
        : original.subarray(each.start, each.end)
      parts.push(section(each.id, payload))
    }
    return { bytes: concat(parts), library }
  } catch {
    return { bytes: original }
  }
}
