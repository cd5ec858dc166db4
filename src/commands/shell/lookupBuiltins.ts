import { Effect } from "effect"
import type { ShellBuiltin } from "../../interpreter/Interpreter.js"
import { disableBuiltin, isBuiltinDisabled } from "../../interpreter/disabledBuiltins.js"
import { describeResolution, disabledBuiltins, isBashBuiltin, pathCandidates, programBuiltins, resolveCommand } from "./lookup.js"
import { optionError, scanOptions } from "./usage.js"

/** type, command, which, hash, builtin, enable. */

export const typeBuiltin: ShellBuiltin = {
  name: "type",
  run: (ctx) =>
    Effect.gen(function* () {
      const scanned = scanOptions(ctx.args, "afptP")
      if ("error" in scanned) return yield* optionError(ctx, "type", scanned)
      const has = (l: string) => scanned.options.some((o) => o.letter === l)
      const all = has("a")
      const pathOnly = has("P")
      const pathIfFile = has("p")
      const short = has("t")
      let status = 0
      for (const name of scanned.rest) {
        const found = yield* resolveCommand(ctx, name, { all, noFunctions: has("f"), pathOnly })
        if (found.length === 0) {
          if (!short && !pathOnly && !pathIfFile) yield* ctx.shell.errorLine(`type: ${name}: not found`)
          status = 1
          continue
        }
        for (const r of found) {
          if (pathOnly || pathIfFile) {
            if (r.kind === "file") yield* ctx.stdout.write(`${r.path}\n`)
            else if (!all) break
            continue
          }
          yield* ctx.stdout.write(`${short ? r.kind : describeResolution(ctx, name, r, true)}\n`)
        }
      }
      return status
    })
}

export const commandBuiltin: ShellBuiltin = {
  name: "command",
  run: (ctx) =>
    Effect.gen(function* () {
      const scanned = scanOptions(ctx.args, "pvV")
      if ("error" in scanned) return yield* optionError(ctx, "command", scanned)
      const has = (l: string) => scanned.options.some((o) => o.letter === l)
      const rest = scanned.rest
      if (rest.length === 0) return 0
      const verbose = has("V")
      if (has("v") || verbose) {
        const defaultPath = has("p") ? "/bin:/usr/bin" : undefined
        // bash: success when any name was found.
        let found = false
        for (const name of rest) {
          const [r] = defaultPath === undefined ? yield* resolveCommand(ctx, name) : (yield* pathCandidates(ctx, name, false, defaultPath)).map((path) => ({ kind: "file" as const, path }))
          if (r === undefined) {
            if (verbose) yield* ctx.shell.errorLine(`command: ${name}: not found`)
            continue
          }
          found = true
          if (verbose) yield* ctx.stdout.write(`${describeResolution(ctx, name, r, true)}\n`)
          else yield* ctx.stdout.write(`${r.kind === "file" ? r.path : r.kind === "alias" ? `alias ${name}='${r.value.replace(/'/g, "'\\''")}'` : name}\n`)
        }
        return found ? 0 : 1
      }
      const name = rest[0]!
      return yield* ctx.shell.dispatch(rest, undefined, isBuiltinDisabled(ctx.shell.state, name) ? undefined : ctx.shell.services.builtins.get(name), {})
    })
}

/** `which`: the executable files named so in PATH, as the debianutils program prints them. */
export const whichBuiltin: ShellBuiltin = {
  name: "which",
  run: (ctx) =>
    Effect.gen(function* () {
      const scanned = scanOptions(ctx.args, "as")
      if ("error" in scanned) {
        yield* ctx.stderr.write(`Illegal option ${scanned.option}\nUsage: /usr/bin/which [-as] args\n`)
        return 2
      }
      const all = scanned.options.some((o) => o.letter === "a")
      const silent = scanned.options.some((o) => o.letter === "s")
      let status = 0
      for (const name of scanned.rest) {
        // `which` is a program (debianutils): it searches PATH and knows nothing of functions,
        // aliases or builtins without a file (`which cd` finds nothing).
        const files = yield* pathCandidates(ctx, name, all)
        if (files.length === 0) {
          status = 1
          continue
        }
        if (!silent) yield* ctx.stdout.write(files.map((f) => `${f}\n`).join(""))
      }
      return status
    })
}

/** Remembered command locations: `hash name`, `-p path name`, `-d`, `-r`, `-t`, `-l`. */
export const hashBuiltin: ShellBuiltin = {
  name: "hash",
  run: (ctx) =>
    Effect.gen(function* () {
      const scanned = scanOptions(ctx.args, "lrdt", "p")
      if ("error" in scanned) return yield* optionError(ctx, "hash", scanned)
      const table = ctx.shell.state.hashTableForWrite()
      const hits = hashHits(table)
      const has = (l: string) => scanned.options.some((o) => o.letter === l)
      const explicit = scanned.options.find((o) => o.letter === "p")?.value
      if (has("r")) {
        table.clear()
        hits.clear()
      }
      const names = scanned.rest
      if (names.length === 0) {
        if (has("r")) return 0
        if (table.size === 0) {
          yield* ctx.stdout.write("hash: hash table empty\n")
          return 0
        }
        if (has("l")) for (const [name, path] of table) yield* ctx.stdout.write(`builtin hash -p ${path} ${name}\n`)
        else {
          let out = "hits\tcommand\n"
          for (const [name, path] of table) out += `${String(hits.get(name) ?? 0).padStart(4)}\t${path}\n`
          yield* ctx.stdout.write(out)
        }
        return 0
      }
      let status = 0
      for (const name of names) {
        if (explicit !== undefined) {
          table.set(name, explicit)
          continue
        }
        if (has("d")) {
          if (!table.delete(name)) {
            yield* ctx.shell.errorLine(`hash: ${name}: not found`)
            status = 1
          }
          continue
        }
        if (has("t")) {
          const path = table.get(name)
          if (path === undefined) {
            yield* ctx.shell.errorLine(`hash: ${name}: not found`)
            status = 1
            continue
          }
          hits.set(name, (hits.get(name) ?? 0) + 1)
          yield* ctx.stdout.write(names.length > 1 ? `${name}\t${path}\n` : `${path}\n`)
          continue
        }
        if (isBashBuiltin(ctx, name) || ctx.shell.state.functions.has(name)) continue
        const [path] = yield* pathCandidates(ctx, name, false)
        if (path === undefined) {
          yield* ctx.shell.errorLine(`hash: ${name}: not found`)
          status = 1
          continue
        }
        table.set(name, path)
      }
      return status
    })
}

const hitCounts = new WeakMap<Map<string, string>, Map<string, number>>()
const hashHits = (table: Map<string, string>): Map<string, number> => {
  let hits = hitCounts.get(table)
  if (hits === undefined) {
    hits = new Map()
    hitCounts.set(table, hits)
  }
  return hits
}

/** `builtin NAME args`: run the builtin even when a function shadows it. */
export const builtinBuiltin: ShellBuiltin = {
  name: "builtin",
  run: (ctx) =>
    Effect.gen(function* () {
      const scanned = scanOptions(ctx.args, "")
      if ("error" in scanned) return yield* optionError(ctx, "builtin", scanned)
      const [name, ...args] = scanned.rest
      if (name === undefined) return 0
      const builtin = ctx.shell.services.builtins.get(name)
      if (builtin === undefined || programBuiltins.has(name) || isBuiltinDisabled(ctx.shell.state, name)) {
        yield* ctx.shell.errorLine(`builtin: ${name}: not a shell builtin`)
        return 1
      }
      return yield* ctx.shell.runBuiltin(builtin, [name, ...args])
    })
}

/** `enable`: list builtins (`-a`, `-n`, `-p`, `-s`); `-n NAME` records a builtin as disabled. */
export const enableBuiltin: ShellBuiltin = {
  name: "enable",
  run: (ctx) =>
    Effect.gen(function* () {
      const scanned = scanOptions(ctx.args, "adnps", "f")
      if ("error" in scanned) return yield* optionError(ctx, "enable", scanned)
      const has = (l: string) => scanned.options.some((o) => o.letter === l)
      if (has("f") || has("d")) {
        yield* ctx.shell.errorLine("enable: cannot load builtins from files in this sandbox")
        return 1
      }
      const disabled = disabledBuiltins(ctx)
      const builtins = ctx.shell.services.builtins
      if (scanned.rest.length === 0) {
        const names = [...builtins.keys()].filter((n) => !programBuiltins.has(n) && (!has("s") || specialNames.has(n))).sort(byBashOrder)
        let out = ""
        for (const n of names) {
          const off = disabled.has(n)
          if (has("a")) out += `enable ${off ? "-n " : ""}${n}\n`
          else if (has("n") ? off : !off) out += `enable ${off ? "-n " : ""}${n}\n`
        }
        yield* ctx.stdout.write(out)
        return 0
      }
      let status = 0
      for (const n of scanned.rest) {
        if (!builtins.has(n) || programBuiltins.has(n)) {
          yield* ctx.shell.errorLine(`enable: ${n}: not a shell builtin`)
          status = 1
          continue
        }
        if (has("n")) disableBuiltin(ctx.shell.state, n)
        else disabled.delete(n)
      }
      return status
    })
}

const specialNames = new Set(["break", ":", ".", "continue", "eval", "exec", "exit", "export", "readonly", "return", "set", "shift", "source", "times", "trap", "unset"])

/** bash lists builtins in C-locale byte order. */
const byBashOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
