import { Effect, Either } from "effect"
import type { ShellBuiltinContext } from "../../interpreter/Interpreter.js"
import { printFunction } from "../../parser/printer.js"
import { resolvePath } from "../../vfs/paths.js"
import { disabledBuiltins as disabledBuiltinsOf } from "../../interpreter/disabledBuiltins.js"

/** How a command name resolves: alias, keyword, function, builtin, file in PATH. */

export const shellKeywords = new Set(["if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do", "done", "in", "function", "time", "{", "}", "!", "[[", "]]", "coproc"])

/**
 * Implemented as builtins here but programs in bash: lookups present them as the files the VFS
 * has for them (`/usr/bin/bash`), and builtin listings leave them out.
 */
export const programBuiltins = new Set(["bash", "sh", "which"])

/** A real bash builtin (enabled), as `type`, `builtin`, `enable` and `compgen -b` see it. */
export const isBashBuiltin = (ctx: ShellBuiltinContext, name: string): boolean =>
  ctx.shell.services.builtins.has(name) && !programBuiltins.has(name) && !disabledBuiltins(ctx).has(name)

export type Resolution =
  | { readonly kind: "alias"; readonly value: string }
  | { readonly kind: "keyword" }
  | { readonly kind: "function" }
  | { readonly kind: "builtin" }
  | { readonly kind: "file"; readonly path: string }

const isExecutableFile = (ctx: ShellBuiltinContext, path: string): Effect.Effect<boolean> =>
  Effect.map(Effect.either(ctx.shell.services.fs.stat(path)), (s) => Either.isRight(s) && s.right.type === "file" && (s.right.mode & 0o111) !== 0)

/**
 * Every executable file named `name` in PATH order. A registered command with no file in PATH
 * still counts, as `/usr/bin/NAME` (the interpreter runs it whatever PATH says).
 */
export const pathCandidates = (ctx: ShellBuiltinContext, name: string, all: boolean, pathValue?: string): Effect.Effect<Array<string>> =>
  Effect.gen(function* () {
    const shell = ctx.shell
    if (name.includes("/")) return (yield* isExecutableFile(ctx, resolvePath(shell.state.cwd, name))) ? [name] : []
    const found: Array<string> = []
    const hashed = shell.state.hashTable.get(name)
    if (hashed !== undefined && !all) return [hashed]
    const dirs = (pathValue ?? shell.state.getScalar("PATH") ?? "").split(":")
    for (const dir of dirs) {
      const path = `${dir === "" ? "." : dir}/${name}`
      if (yield* isExecutableFile(ctx, resolvePath(shell.state.cwd, path))) {
        found.push(path)
        if (!all) break
      }
    }
    if (found.length === 0 && shell.services.commands.has(name)) found.push(`/usr/bin/${name}`)
    return found
  })

export interface LookupOptions {
  /** `-a`: every resolution, not just the first. */
  readonly all?: boolean
  /** `-f`: skip functions. */
  readonly noFunctions?: boolean
  /** `-P`: files only. */
  readonly pathOnly?: boolean
}

/** The ways `name` resolves, in the order the shell tries them. */
export const resolveCommand = (ctx: ShellBuiltinContext, name: string, options: LookupOptions = {}): Effect.Effect<Array<Resolution>> =>
  Effect.gen(function* () {
    const state = ctx.shell.state
    const out: Array<Resolution> = []
    const done = () => out.length > 0 && options.all !== true
    if (options.pathOnly !== true) {
      const alias = state.shopt["expand_aliases"] === true ? state.aliases.get(name) : undefined
      if (alias !== undefined) out.push({ kind: "alias", value: alias })
      if (!done() && shellKeywords.has(name)) out.push({ kind: "keyword" })
      if (!done() && options.noFunctions !== true && state.functions.has(name)) out.push({ kind: "function" })
      if (!done() && isBashBuiltin(ctx, name)) out.push({ kind: "builtin" })
      if (done()) return out
    }
    for (const path of yield* pathCandidates(ctx, name, options.all === true)) out.push({ kind: "file", path })
    return out
  })

/** `type` / `command -V` wording of a resolution. */
export const describeResolution = (ctx: ShellBuiltinContext, name: string, r: Resolution, withBody: boolean): string => {
  switch (r.kind) {
    case "alias":
      return `${name} is aliased to \`${r.value}'`
    case "keyword":
      return `${name} is a shell keyword`
    case "function": {
      const fn = ctx.shell.state.functions.get(name)
      return withBody && fn !== undefined ? `${name} is a function\n${printFunction(fn)}` : `${name} is a function`
    }
    case "builtin":
      return `${name} is a shell builtin`
    case "file":
      return ctx.shell.state.hashTable.has(name) ? `${name} is hashed (${r.path})` : `${name} is ${r.path}`
  }
}

/** Builtins switched off with `enable -n`, per shell session. */
export const disabledBuiltins = (ctx: ShellBuiltinContext): Set<string> => disabledBuiltinsOf(ctx.shell.state)
