import { Effect, Either } from "effect"
import type { ShellBuiltin, ShellBuiltinContext } from "../../interpreter/Interpreter.js"
import { IndexedArray } from "../../interpreter/variables.js"
import { printFunction } from "../../parser/printer.js"
import { resolvePath } from "../../vfs/paths.js"

/** cd, pwd, read, mapfile, let. */

export const cdBuiltin: ShellBuiltin = {
  name: "cd",
  run: (ctx) =>
    Effect.gen(function* () {
      const state = ctx.shell.state
      const args = ctx.args.filter((a) => a !== "-L" && a !== "-P" && a !== "--")
      if (args.length > 1) {
        yield* ctx.shell.errorLine("cd: too many arguments")
        return 1
      }
      let target = args[0]
      let print = false
      if (target === undefined) {
        target = state.getScalar("HOME")
        if (target === undefined) {
          yield* ctx.shell.errorLine("cd: HOME not set")
          return 1
        }
      } else if (target === "-") {
        target = state.getScalar("OLDPWD")
        if (target === undefined) {
          yield* ctx.shell.errorLine("cd: OLDPWD not set")
          return 1
        }
        print = true
      }
      let path = resolvePath(state.cwd, target)
      const cdpath = state.getScalar("CDPATH")
      if (cdpath !== undefined && !target.startsWith("/") && !target.startsWith(".")) {
        for (const dir of cdpath.split(":")) {
          const candidate = resolvePath(state.cwd, `${dir === "" ? "." : dir}/${target}`)
          const s = yield* Effect.either(ctx.fs.stat(candidate))
          if (Either.isRight(s) && s.right.type === "directory") {
            path = candidate
            if (dir !== "") print = true
            break
          }
        }
      }
      const stat = yield* Effect.either(ctx.fs.stat(path))
      if (Either.isLeft(stat)) {
        yield* ctx.shell.errorLine(`cd: ${target}: No such file or directory`)
        return 1
      }
      if (stat.right.type !== "directory") {
        yield* ctx.shell.errorLine(`cd: ${target}: Not a directory`)
        return 1
      }
      if (ctx.args.includes("-P")) path = yield* Effect.orElseSucceed(ctx.fs.realpath(path), () => path)
      state.setScalar("OLDPWD", state.cwd)
      state.cwd = path
      state.setScalar("PWD", path)
      if (print) yield* ctx.stdout.write(`${path}\n`)
      return 0
    })
}

export const pwdBuiltin: ShellBuiltin = {
  name: "pwd",
  run: (ctx) =>
    Effect.gen(function* () {
      for (const a of ctx.args) {
        if (a !== "-L" && a !== "-P") {
          yield* ctx.shell.errorLine(`pwd: ${a}: invalid option`)
          yield* ctx.stderr.write("pwd: usage: pwd [-LP]\n")
          return 2
        }
      }
      const cwd = ctx.shell.state.cwd
      const shown = ctx.args.includes("-P") ? yield* Effect.orElseSucceed(ctx.fs.realpath(cwd), () => cwd) : cwd
      yield* ctx.stdout.write(`${shown}\n`)
      return 0
    })
}

const textDecoder = new TextDecoder()

/** Read up to a delimiter byte (or n characters) from stdin, leaving the rest unread. */
const readRecord = (ctx: ShellBuiltinContext, delimiter: number | undefined, count: number | undefined) =>
  Effect.gen(function* () {
    const input = ctx.stdin
    const bytes: Array<number> = []
    let sawDelimiter = false
    let eof = false
    outer: for (;;) {
      const chunk = yield* input.read
      if (chunk === undefined) {
        eof = true
        break
      }
      for (let i = 0; i < chunk.length; i++) {
        const b = chunk[i]!
        if (delimiter !== undefined && b === delimiter && count === undefined) {
          sawDelimiter = true
          input.unread(chunk.subarray(i + 1))
          break outer
        }
        if (delimiter !== undefined && b === delimiter && count !== undefined) {
          sawDelimiter = true
          input.unread(chunk.subarray(i + 1))
          break outer
        }
        bytes.push(b)
        if (count !== undefined && textDecoder.decode(new Uint8Array(bytes)).length >= count && (b & 0xc0) !== 0xc0) {
          input.unread(chunk.subarray(i + 1))
          break outer
        }
      }
    }
    return { text: textDecoder.decode(new Uint8Array(bytes)), sawDelimiter, eof, empty: bytes.length === 0 }
  })

export const readBuiltin: ShellBuiltin = {
  name: "read",
  run: (ctx) =>
    Effect.gen(function* () {
      const shell = ctx.shell
      const state = shell.state
      let raw = false
      let arrayName: string | undefined
      let delimiter: number | undefined = 10
      let count: number | undefined
      let exact = false
      let prompt: string | undefined
      const names: Array<string> = []
      const args = ctx.args
      for (let i = 0; i < args.length; i++) {
        const a = args[i]!
        if (names.length > 0 || !a.startsWith("-") || a === "-") {
          names.push(a)
          continue
        }
        if (a === "--") {
          names.push(...args.slice(i + 1))
          break
        }
        for (let j = 1; j < a.length; j++) {
          const c = a[j]!
          const value = () => (j + 1 < a.length ? a.slice(j + 1) : args[++i])
          if (c === "r") raw = true
          else if (c === "s" || c === "e") continue
          else if (c === "a" || c === "d" || c === "n" || c === "N" || c === "p" || c === "t" || c === "u" || c === "i") {
            const v = value()
            if (v === undefined) {
              yield* shell.errorLine(`read: -${c}: option requires an argument`)
              return 2
            }
            if (c === "a") arrayName = v
            else if (c === "d") delimiter = v === "" ? 0 : v.charCodeAt(0)
            else if (c === "n") count = Number.parseInt(v, 10)
            else if (c === "N") {
              count = Number.parseInt(v, 10)
              exact = true
              delimiter = undefined
            } else if (c === "p") prompt = v
            break
          } else {
            yield* shell.errorLine(`read: -${c}: invalid option`)
            yield* ctx.stderr.write("read: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]\n")
            return 2
          }
        }
      }
      void prompt
      void exact
      const record = yield* readRecord(ctx, delimiter, count)
      let text = record.text
      if (!raw) {
        // Backslash-newline continues the line; a backslash escapes the next character.
        let out = ""
        for (let i = 0; i < text.length; i++) {
          const c = text[i]!
          if (c === "\\" && i + 1 < text.length) {
            out += "\u0000" + text[++i]!
          } else if (c !== "\\") out += c
        }
        text = out
      }
      const ifs = state.getScalar("IFS") ?? " \t\n"
      const fields = splitForRead(text, ifs, arrayName !== undefined ? Number.POSITIVE_INFINITY : Math.max(names.length, 1))
      const clean = (s: string) => s.replace(/\u0000(.)/gs, "$1")
      if (arrayName !== undefined) {
        const error = shell.assign(() => state.setValue(arrayName!, IndexedArray.from(fields.map(clean))))
        if (error !== undefined) {
          yield* shell.errorLine(`read: ${error}`)
          return 1
        }
      } else if (names.length === 0) {
        const error = shell.assign(() => state.setScalar("REPLY", clean(raw ? record.text : text)))
        if (error !== undefined) return 1
      } else {
        for (let i = 0; i < names.length; i++) {
          const error = shell.assign(() => state.setScalar(names[i]!, clean(fields[i] ?? "")))
          if (error !== undefined) {
            yield* shell.errorLine(`read: ${error}`)
            return 1
          }
        }
      }
      return record.eof && !record.sawDelimiter && (count === undefined || record.empty) ? 1 : 0
    })
}

/** Split for `read`: the last name takes the rest of the line (with trailing IFS whitespace trimmed). */
const splitForRead = (text: string, ifs: string, maxFields: number): Array<string> => {
  const isWs = (c: string) => (c === " " || c === "\t" || c === "\n") && ifs.includes(c)
  const isSep = (c: string) => ifs.includes(c)
  const fields: Array<string> = []
  let i = 0
  // Skip leading IFS whitespace.
  while (i < text.length && isWs(text[i]!)) i++
  while (i < text.length) {
    if (fields.length === maxFields - 1) {
      let rest = text.slice(i)
      let end = rest.length
      while (end > 0 && isWs(rest[end - 1]!) && rest[end - 2] !== "\u0000") end--
      rest = rest.slice(0, end)
      // A single trailing non-whitespace separator is dropped, as bash does.
      if (rest.length > 0 && isSep(rest[rest.length - 1]!) && !isWs(rest[rest.length - 1]!) && rest[rest.length - 2] !== "\u0000") {
        const trimmed = rest.slice(0, -1)
        if (![...trimmed].some((c, k) => isSep(c) && trimmed[k - 1] !== "\u0000")) rest = trimmed
      }
      fields.push(rest)
      return fields
    }
    let field = ""
    while (i < text.length && !(isSep(text[i]!) && text[i - 1] !== "\u0000")) {
      field += text[i]
      i++
    }
    fields.push(field)
    // Consume one separator (with surrounding IFS whitespace).
    while (i < text.length && isWs(text[i]!)) i++
    if (i < text.length && isSep(text[i]!) && !isWs(text[i]!)) {
      i++
      while (i < text.length && isWs(text[i]!)) i++
    }
  }
  return fields
}

export const mapfileBuiltin = (name: string): ShellBuiltin => ({
  name,
  run: (ctx) =>
    Effect.gen(function* () {
      let strip = false
      let delimiter = "\n"
      let count = 0
      let origin = 0
      let skip = 0
      let arrayName = "MAPFILE"
      const args = ctx.args
      for (let i = 0; i < args.length; i++) {
        const a = args[i]!
        if (a === "-t") strip = true
        else if (a === "-d") delimiter = args[++i] ?? "\n"
        else if (a === "-n") count = Number.parseInt(args[++i] ?? "0", 10)
        else if (a === "-O") origin = Number.parseInt(args[++i] ?? "0", 10)
        else if (a === "-s") skip = Number.parseInt(args[++i] ?? "0", 10)
        else if (a === "-u" || a === "-C" || a === "-c") i++
        else if (a.startsWith("-")) {
          yield* ctx.shell.errorLine(`${name}: ${a}: invalid option`)
          return 2
        } else arrayName = a
      }
      const data = textDecoder.decode(yield* ctx.stdin.readAll)
      const sep = delimiter === "" ? "\0" : delimiter
      const lines: Array<string> = []
      let start = 0
      while (start < data.length) {
        const at = data.indexOf(sep, start)
        const end = at === -1 ? data.length : at + 1
        lines.push(data.slice(start, end))
        start = end
      }
      const selected = lines.slice(skip, count > 0 ? skip + count : undefined).map((l) => (strip && l.endsWith(sep) ? l.slice(0, -1) : l))
      const existing = ctx.shell.state.getValue(arrayName)
      const arr = origin > 0 && existing instanceof IndexedArray ? existing.clone() : new IndexedArray()
      selected.forEach((l, i) => arr.set(origin + i, l))
      const error = ctx.shell.assign(() => ctx.shell.state.setValue(arrayName, arr))
      if (error !== undefined) {
        yield* ctx.shell.errorLine(`${name}: ${error}`)
        return 1
      }
      return 0
    })
})

export const letBuiltin: ShellBuiltin = {
  name: "let",
  run: (ctx) =>
    Effect.gen(function* () {
      if (ctx.args.length === 0) {
        yield* ctx.shell.errorLine("let: expression expected")
        return 1
      }
      let last = 0n
      for (const expr of ctx.args) last = ctx.shell.arithmetic(expr)
      return last === 0n ? 1 : 0
    }).pipe(Effect.catchAllDefect((e) => Effect.die(e)))
}


