import { Budget } from "../../../src/limits/Budget.js"
/**
 * A minimal CommandContext over a Map-backed filesystem, used by the text-tool tests and the
 * differential checks (independent of the shared harness so these suites stay self-contained).
 */
import { Effect } from "effect"
import type { Command, CommandContext, InputStream } from "../../../src/commands/Command.js"
import { defaultLimits } from "../../../src/limits/ExecutionLimits.js"
import type { DirEntry, FileStat, VfsService } from "../../../src/vfs/Vfs.js"
import { VfsError } from "../../../src/vfs/VfsError.js"

export interface MiniResult {
  readonly stdout: string
  readonly stdoutBytes: Uint8Array
  readonly stderr: string
  readonly exitCode: number
  readonly files: Map<string, Uint8Array>
}

const toBytes = (data: string | Uint8Array): Uint8Array => (typeof data === "string" ? new TextEncoder().encode(data) : data)

const concat = (chunks: ReadonlyArray<Uint8Array>): Uint8Array => {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0))
  let offset = 0
  for (const c of chunks) {
    out.set(c, offset)
    offset += c.length
  }
  return out
}

const normalise = (cwd: string, path: string): string => {
  const parts: Array<string> = []
  for (const part of (path.startsWith("/") ? path : `${cwd}/${path}`).split("/")) {
    if (part === "" || part === ".") continue
    if (part === "..") parts.pop()
    else parts.push(part)
  }
  return "/" + parts.join("/")
}

const makeFs = (files: Map<string, Uint8Array>): VfsService => {
  const notFound = (path: string, operation: string) => new VfsError({ reason: "NotFound", path, operation })
  const isDir = (path: string) => path === "/" || [...files.keys()].some((f) => f.startsWith(path + "/"))
  const stat = (path: string) =>
    Effect.suspend(() => {
      const file = files.get(path)
      if (file === undefined && !isDir(path)) return Effect.fail(notFound(path, "stat"))
      const s: FileStat = {
        type: file === undefined ? "directory" : "file",
        size: file?.length ?? 0,
        mode: 0o644,
        mtimeMs: 0,
        atimeMs: 0,
        ctimeMs: 0,
        nlink: 1,
        ino: 1,
        uid: 0,
        gid: 0
      }
      return Effect.succeed(s)
    })
  const readdir = (path: string) =>
    Effect.suspend(() => {
      if (!isDir(path)) return Effect.fail(notFound(path, "readdir"))
      const prefix = path === "/" ? "/" : path + "/"
      const names = new Map<string, DirEntry>()
      for (const f of files.keys()) {
        if (!f.startsWith(prefix)) continue
        const rest = f.slice(prefix.length)
        const slash = rest.indexOf("/")
        const name = slash === -1 ? rest : rest.slice(0, slash)
        names.set(name, { name, type: slash === -1 ? "file" : "directory" })
      }
      return Effect.succeed([...names.values()].sort((a, b) => (a.name < b.name ? -1 : 1)))
    })
  const unsupported = () => Effect.die("unsupported in miniContext")
  return {
    stat,
    lstat: stat,
    readFile: (path) =>
      Effect.suspend(() => {
        const file = files.get(path)
        if (file !== undefined) return Effect.succeed(file)
        return Effect.fail(
          isDir(path) ? new VfsError({ reason: "IsADirectory", path, operation: "read" }) : notFound(path, "read")
        )
      }),
    writeFile: (path, data) => Effect.sync(() => void files.set(path, data)),
    appendFile: (path, data) => Effect.sync(() => void files.set(path, concat([files.get(path) ?? new Uint8Array(), data]))),
    readdir,
    mkdir: () => Effect.void,
    remove: unsupported,
    rename: unsupported,
    copy: unsupported,
    symlink: unsupported,
    readlink: unsupported,
    realpath: (path) => Effect.succeed(path),
    link: unsupported,
    chmod: unsupported,
    chown: unsupported,
    utimes: unsupported,
    truncate: unsupported,
    exists: (path) => Effect.sync(() => files.has(path) || isDir(path)),
    readText: (path) => Effect.map(Effect.suspend(() => (files.has(path) ? Effect.succeed(files.get(path)!) : Effect.fail(notFound(path, "read")))), (b) => new TextDecoder().decode(b)),
    writeText: (path, text) => Effect.sync(() => void files.set(path, toBytes(text))),
    walk: (root) => Effect.succeed([...files.keys()].filter((f) => f.startsWith(root)).sort())
  }
}

export interface MiniOptions {
  readonly stdin?: string | Uint8Array
  readonly files?: Record<string, string | Uint8Array>
  readonly cwd?: string
  readonly env?: Record<string, string>
}

export const runMini = (command: Command, args: ReadonlyArray<string>, options: MiniOptions = {}): Promise<MiniResult> => {
  const cwd = options.cwd ?? "/"
  const files = new Map<string, Uint8Array>()
  for (const [path, data] of Object.entries(options.files ?? {})) files.set(normalise(cwd, path), toBytes(data))
  let pending: Uint8Array | undefined = toBytes(options.stdin ?? "")
  const stdin: InputStream = {
    read: Effect.sync(() => {
      const chunk = pending
      pending = undefined
      return chunk !== undefined && chunk.length > 0 ? chunk : undefined
    }),
    readAll: Effect.sync(() => {
      const chunk = pending ?? new Uint8Array()
      pending = undefined
      return chunk
    })
  }
  const out: Array<Uint8Array> = []
  const err: Array<Uint8Array> = []
  const ctx: CommandContext = {
    name: command.name,
    args,
    stdin,
    stdout: { write: (data) => Effect.sync(() => void out.push(toBytes(data))) },
    stderr: { write: (data) => Effect.sync(() => void err.push(toBytes(data))) },
    env: options.env ?? {},
    cwd,
    fs: makeFs(files),
    limits: defaultLimits,
    budget: new Budget(defaultLimits),
    identity: { user: "user", host: "host", uid: 1000, gid: 1000 },
    resolvePath: (path) => normalise(cwd, path),
    exec: () => Effect.succeed(127),
    runScript: () => Effect.succeed(127),
    hasCommand: () => false
  }
  return Effect.runPromise(command.run(ctx)).then((exitCode) => {
    const stdoutBytes = concat(out)
    return {
      stdout: new TextDecoder().decode(stdoutBytes),
      stdoutBytes,
      stderr: new TextDecoder().decode(concat(err)),
      exitCode,
      files
    }
  })
}
