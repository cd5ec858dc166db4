import { Effect, Either } from "effect"
import type { ExpansionHost } from "../expansion/Expander.js"
import { resolvePath } from "../vfs/paths.js"
import type { FileStat, VfsService } from "../vfs/Vfs.js"

/**
 * The unary and binary operators shared by `test`/`[` and `[[ ]]`: file tests against the VFS,
 * string and integer comparisons.
 */

export const unaryOperators = new Set([
  "-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-p", "-r", "-s", "-t", "-u", "-w", "-x",
  "-G", "-L", "-N", "-O", "-S", "-z", "-n", "-v", "-o", "-R"
])

export const binaryOperators = new Set([
  "=", "==", "!=", "<", ">", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef", "=~"
])

export interface TestEnvironment {
  readonly fs: VfsService
  readonly cwd: string
  readonly host: ExpansionHost
  readonly uid: number
}

const statOf = (env: TestEnvironment, path: string, follow = true): Effect.Effect<FileStat | undefined> =>
  path === ""
    ? Effect.succeed(undefined)
    : Effect.map(Effect.either((follow ? env.fs.stat : env.fs.lstat)(resolvePath(env.cwd, path))), (r) => (Either.isRight(r) ? r.right : undefined))

/** Evaluate a unary test. */
export const unaryTest = (env: TestEnvironment, op: string, operand: string): Effect.Effect<boolean> => {
  switch (op) {
    case "-z":
      return Effect.succeed(operand === "")
    case "-n":
      return Effect.succeed(operand !== "")
    case "-v":
      return Effect.succeed(isVariableSet(env.host, operand))
    case "-o":
      return Effect.succeed(env.host.state.options.has(operand as never))
    case "-R": {
      const v = env.host.state.peek(operand)
      return Effect.succeed(v !== undefined && (v.attrs & 32) !== 0)
    }
    case "-t":
      return Effect.succeed(false)
    case "-h":
    case "-L":
      return Effect.map(statOf(env, operand, false), (s) => s?.type === "symlink")
  }
  return Effect.map(statOf(env, operand), (s) => {
    if (s === undefined) return false
    switch (op) {
      case "-a":
      case "-e":
        return true
      case "-f":
        return s.type === "file"
      case "-d":
        return s.type === "directory"
      case "-b":
        return false
      case "-c":
        return s.type === "chardev"
      case "-p":
        return s.type === "fifo"
      case "-S":
        return false
      case "-s":
        return s.size > 0
      case "-r":
        return (s.mode & 0o444) !== 0
      case "-w":
        return (s.mode & 0o222) !== 0
      case "-x":
        return (s.mode & 0o111) !== 0
      case "-u":
        return (s.mode & 0o4000) !== 0
      case "-g":
        return (s.mode & 0o2000) !== 0
      case "-k":
        return (s.mode & 0o1000) !== 0
      case "-O":
        return s.uid === env.uid
      case "-G":
        return true
      case "-N":
        return s.mtimeMs > s.atimeMs
      default:
        return false
    }
  })
}

const isVariableSet = (host: ExpansionHost, operand: string): boolean => {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[(.*)\])?$/s.exec(operand)
  if (m === null) return false
  const value = host.state.getValue(m[1]!)
  if (m[2] === undefined) {
    if (value === undefined) return false
    if (typeof value === "string") return true
    return value._tag === "IndexedArray" ? value.get(0) !== undefined : value.items.has("0")
  }
  if (value === undefined) return false
  const key = m[2]
  if (key === "@" || key === "*") return typeof value === "string" || (value._tag === "IndexedArray" ? value.size > 0 : value.items.size > 0)
  if (typeof value === "string") return key === "0"
  if (value._tag === "AssocArray") return value.items.has(key)
  let index = Number(host.arithmetic(key))
  if (index < 0) index += value.nextIndex()
  return value.get(index) !== undefined
}

/** Binary file comparisons (`-nt -ot -ef`). */
export const fileCompare = (env: TestEnvironment, op: string, left: string, right: string): Effect.Effect<boolean> =>
  Effect.gen(function* () {
    const a = yield* statOf(env, left)
    const b = yield* statOf(env, right)
    switch (op) {
      case "-nt":
        return a !== undefined && (b === undefined || a.mtimeMs > b.mtimeMs)
      case "-ot":
        return b !== undefined && (a === undefined || a.mtimeMs < b.mtimeMs)
      default:
        return a !== undefined && b !== undefined && a.ino === b.ino
    }
  })

/** Integer comparison operators; operands already converted. */
export const compareIntegers = (op: string, a: bigint, b: bigint): boolean => {
  switch (op) {
    case "-eq":
      return a === b
    case "-ne":
      return a !== b
    case "-lt":
      return a < b
    case "-le":
      return a <= b
    case "-gt":
      return a > b
    default:
      return a >= b
  }
}

/**
 * The comparisons `test` and `[[ ]]` share: string order (`<`, `>`) and the file comparisons
 * (`-nt`, `-ot`, `-ef`). Undefined for any other operator, which each handles its own way.
 */
export const orderOrFileCompare = (env: () => TestEnvironment, op: string, left: string, right: string): Effect.Effect<boolean> | undefined => {
  switch (op) {
    case "<":
      return Effect.succeed(left < right)
    case ">":
      return Effect.succeed(left > right)
    case "-nt":
    case "-ot":
    case "-ef":
      return fileCompare(env(), op, left, right)
    default:
      return undefined
  }
}
