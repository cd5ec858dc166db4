/**
 * The code behind the catalogue's names (child side): host commands and callbacks that misbehave,
 * and binary files (archive bombs, deep documents). Bombs are built once per machine and cached
 * in the OS temp directory (a 512 MiB inflate costs a second or two to deflate).
 */
import { Effect } from "effect"
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { constants, crc32, createDeflateRaw, createGzip } from "node:zlib"
import type { CustomCommand, CustomCommandContext, EffectCommand, ToolCallback } from "../../../src/index.js"
import type { BinaryFixture, CommandFixture } from "./types.js"

const never = <A>(): Promise<A> => new Promise<A>(() => {})
const nullProto = (): object => Object.create(null) as object
const HUGE_BYTES = 200_000_000
export const SECRET = "secret-token-123 at /srv/internal"

/** What a misbehaving host function does (shared by custom commands and tool callbacks). */
const behaviours: Record<Exclude<CommandFixture, "effectNever">, (ctx: CustomCommandContext | undefined) => unknown> = {
  hang: () => never(),
  slow: () => new Promise((resolve) => setTimeout(() => resolve("late\n"), 30_000).unref()),
  stdoutNumber: () => ({ stdout: 42 }),
  stderrObject: () => ({ stderr: { a: 1 } }),
  exitCodeString: () => ({ exitCode: "x" }),
  throwNullProto: () => {
    throw nullProto()
  },
  rejectNullProto: () => Promise.reject(nullProto()),
  returnNullProto: () => nullProto(),
  throwString: () => {
    throw "boom"
  },
  throwSecret: () => {
    throw new Error(SECRET)
  },
  huge: () => "x".repeat(HUGE_BYTES),
  getterThrows: () => ({
    get stdout(): string {
      throw new Error("getter")
    }
  }),
  toStringThrows: () => ({
    stdout: {
      toString(): string {
        throw new Error("toString")
      }
    }
  }),
  proxy: () =>
    new Proxy(
      {},
      {
        get: () => {
          throw new Error("proxy get")
        },
        has: () => {
          throw new Error("proxy has")
        },
        ownKeys: () => {
          throw new Error("proxy ownKeys")
        },
        getPrototypeOf: () => {
          throw new Error("proxy getPrototypeOf")
        }
      }
    ),
  reenterYes: (ctx) => ctx?.exec("yes > /dev/null") ?? never(),
  recurse: (ctx) => ctx?.exec("recurse") ?? never(),
  number: () => 42
}

/** Facade custom commands (also BashTool builtins), by fixture name. */
export const customCommands = (names: ReadonlyArray<CommandFixture>): Record<string, CustomCommand> => {
  const table: Record<string, CustomCommand> = {}
  for (const name of names) {
    if (name === "effectNever") continue
    const behave = behaviours[name]
    table[name] = ((_args, ctx) => behave(ctx)) as CustomCommand
  }
  return table
}

/** BashTool builtins: the custom commands, plus Effect commands. */
export const toolBuiltins = (names: ReadonlyArray<CommandFixture>): Record<string, CustomCommand | EffectCommand> => {
  const table: Record<string, CustomCommand | EffectCommand> = { ...customCommands(names) }
  if (names.includes("effectNever")) table["effectNever"] = { run: () => Effect.never }
  return table
}

/** ScriptedTool callbacks, by fixture name. */
export const toolCallbacks = (names: ReadonlyArray<CommandFixture>): Record<string, ToolCallback> => {
  const table: Record<string, ToolCallback> = {}
  for (const name of names) {
    if (name === "effectNever") {
      table[name] = () => Effect.never
      continue
    }
    const behave = behaviours[name]
    table[name] = (() => behave(undefined)) as unknown as ToolCallback
  }
  return table
}

// ---- binary files -------------------------------------------------------------------------------

const BOMB_BYTES = 512 * 1024 * 1024
const ZERO_CHUNK = new Uint8Array(1024 * 1024)
const cacheDir = join(tmpdir(), "bashkit-hostile-fixtures-v1")

/** Push `total` zero bytes (after `prefix`, before `suffix`) through a compressor; the compressed bytes. */
const compressZeros = async (make: () => NodeJS.ReadWriteStream, total: number, prefix?: Uint8Array, suffix?: Uint8Array): Promise<Buffer> => {
  const stream = make()
  const out: Array<Buffer> = []
  stream.on("data", (chunk: Buffer) => out.push(chunk))
  const done = new Promise<void>((resolve, reject) => {
    stream.on("end", resolve)
    stream.on("error", reject)
  })
  const write = (data: Uint8Array) => new Promise<void>((resolve) => (stream.write(data) ? resolve() : stream.once("drain", resolve)))
  if (prefix !== undefined) await write(prefix)
  for (let left = total; left > 0; left -= ZERO_CHUNK.length) await write(left >= ZERO_CHUNK.length ? ZERO_CHUNK : ZERO_CHUNK.subarray(0, left))
  if (suffix !== undefined) await write(suffix)
  stream.end()
  await done
  return Buffer.concat(out)
}

const gzipBomb = () => compressZeros(() => createGzip({ level: constants.Z_BEST_COMPRESSION }), BOMB_BYTES)

/** A zip with one stored-deflated entry of BOMB_BYTES zeros. */
const zipBomb = async (): Promise<Buffer> => {
  let crc = 0
  for (let left = BOMB_BYTES; left > 0; left -= ZERO_CHUNK.length) crc = crc32(ZERO_CHUNK, crc)
  const data = await compressZeros(() => createDeflateRaw({ level: constants.Z_BEST_COMPRESSION }), BOMB_BYTES)
  const name = Buffer.from("zero.bin")
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(20, 4)
  local.writeUInt16LE(8, 8) // deflate
  local.writeUInt32LE(crc >>> 0, 14)
  local.writeUInt32LE(data.length, 18)
  local.writeUInt32LE(BOMB_BYTES, 22)
  local.writeUInt16LE(name.length, 26)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0)
  central.writeUInt16LE(20, 4)
  central.writeUInt16LE(20, 6)
  central.writeUInt16LE(8, 10)
  central.writeUInt32LE(crc >>> 0, 16)
  central.writeUInt32LE(data.length, 20)
  central.writeUInt32LE(BOMB_BYTES, 24)
  central.writeUInt16LE(name.length, 28)
  central.writeUInt32LE(0, 42) // local header offset
  const centralOffset = local.length + name.length + data.length
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  end.writeUInt32LE(central.length + name.length, 12)
  end.writeUInt32LE(centralOffset, 16)
  return Buffer.concat([local, name, data, central, name, end])
}

/** A ustar header for one regular file. */
const tarHeader = (name: string, size: number): Uint8Array => {
  const header = Buffer.alloc(512)
  header.write(name, 0, "utf8")
  header.write("0000644\0", 100)
  header.write("0001750\0", 108)
  header.write("0001750\0", 116)
  header.write(`${size.toString(8).padStart(11, "0")}\0`, 124)
  header.write(`${Math.floor(Date.UTC(2024, 0, 1) / 1000).toString(8).padStart(11, "0")}\0`, 136)
  header.write("        ", 148)
  header.write("0", 156)
  header.write("ustar\0", 257)
  header.write("00", 263)
  let sum = 0
  for (const byte of header) sum += byte
  header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148)
  return header
}

const tarGzBomb = () => compressZeros(() => createGzip({ level: constants.Z_BEST_COMPRESSION }), BOMB_BYTES, tarHeader("zero.bin", BOMB_BYTES), new Uint8Array(1024))

const builders: Record<BinaryFixture, () => Promise<Buffer>> = {
  gzipBomb,
  zipBomb,
  tarGzBomb,
  deepJson: async () => Buffer.from(`${"[".repeat(100_000)}${"]".repeat(100_000)}\n`),
  deepYaml: async () => Buffer.from(`${"[".repeat(20_000)}${"]".repeat(20_000)}\n`)
}

const built = new Map<BinaryFixture, Uint8Array>()

/** The bytes of a binary fixture (from the machine's cache, built on first use). */
export const binaryFixture = async (name: BinaryFixture): Promise<Uint8Array> => {
  const known = built.get(name)
  if (known !== undefined) return known
  mkdirSync(cacheDir, { recursive: true })
  const path = join(cacheDir, `${name}.bin`)
  let bytes: Uint8Array
  if (existsSync(path)) bytes = readFileSync(path)
  else {
    bytes = await builders[name]()
    // Write then rename: a concurrent child never reads half a file.
    const partial = `${path}.${process.pid}.partial`
    writeFileSync(partial, bytes)
    renameSync(partial, path)
  }
  built.set(name, bytes)
  return bytes
}
