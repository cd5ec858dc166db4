import { Effect, Either } from "effect"
import type { ShellBuiltin, ShellBuiltinContext } from "../../interpreter/Interpreter.js"
import { printUsage } from "./usage.js"
import { resolvePath } from "../../vfs/paths.js"

/** pushd, popd, dirs: the directory stack (`state.dirStack` holds the entries below the cwd). */

const tilde = (ctx: ShellBuiltinContext, path: string): string => {
  const home = ctx.shell.state.getScalar("HOME")
  return home !== undefined && home !== "/" && (path === home || path.startsWith(`${home}/`)) ? `~${path.slice(home.length)}` : path
}

/** pushd/popd/dirs call an unknown `-x` or `+x` an invalid number, with the usage line. */
const invalidNumber = (ctx: ShellBuiltinContext, name: string, arg: string) =>
  Effect.zipRight(ctx.shell.errorLine(`${name}: ${arg}: invalid number`), Effect.as(printUsage(ctx, name), 2))

const stackOf = (ctx: ShellBuiltinContext): Array<string> => [ctx.shell.state.cwd, ...ctx.shell.state.dirStack]

/** Bytes of listing gathered before a write: a deep stack of long names is never one huge string. */
const WRITE_BATCH = 64 * 1024

const printStack = (ctx: ShellBuiltinContext, long = false, vertical = false) =>
  Effect.gen(function* () {
    const stack = stackOf(ctx)
    let batch = ""
    for (let i = 0; i < stack.length; i++) {
      const entry = long ? stack[i]! : tilde(ctx, stack[i]!)
      batch += vertical ? ` ${i}  ${entry}\n` : i === 0 ? entry : ` ${entry}`
      if (batch.length >= WRITE_BATCH) {
        ctx.budget.step(batch.length)
        yield* ctx.stdout.write(batch)
        batch = ""
      }
    }
    yield* ctx.stdout.write(vertical ? batch : `${batch}\n`)
  })

const changeTo = (ctx: ShellBuiltinContext, name: string, target: string) =>
  Effect.gen(function* () {
    const state = ctx.shell.state
    const path = resolvePath(state.cwd, target)
    const stat = yield* Effect.either(ctx.fs.stat(path))
    if (Either.isLeft(stat) || stat.right.type !== "directory") {
      yield* ctx.shell.errorLine(`${name}: ${target}: ${Either.isLeft(stat) ? "No such file or directory" : "Not a directory"}`)
      return false
    }
    state.setScalar("OLDPWD", state.cwd)
    state.cwd = path
    state.setScalar("PWD", path)
    return true
  })

export const dirsBuiltin: ShellBuiltin = {
  name: "dirs",
  run: (ctx) =>
    Effect.gen(function* () {
      let long = false
      let vertical = false
      for (const a of ctx.args) {
        if (a === "-c") {
          ctx.shell.state.dirStack = []
          return 0
        }
        if (a === "-l") long = true
        else if (a === "-v" || a === "-p") vertical = a === "-v" || vertical
        else if (/^[+-]\d+$/.test(a)) {
          const stack = stackOf(ctx)
          const n = Number.parseInt(a.slice(1), 10)
          const entry = a[0] === "+" ? stack[n] : stack[stack.length - 1 - n]
          if (entry === undefined) {
            yield* ctx.shell.errorLine(`dirs: ${a}: directory stack index out of range`)
            return 1
          }
          yield* ctx.stdout.write(`${long ? entry : tilde(ctx, entry)}\n`)
          return 0
        } else return yield* invalidNumber(ctx, "dirs", a)
      }
      if (ctx.args.includes("-p")) {
        for (const d of stackOf(ctx)) yield* ctx.stdout.write(`${long ? d : tilde(ctx, d)}\n`)
        return 0
      }
      yield* printStack(ctx, long, vertical)
      return 0
    })
}

export const pushdBuiltin: ShellBuiltin = {
  name: "pushd",
  run: (ctx) =>
    Effect.gen(function* () {
      const state = ctx.shell.state
      const args = ctx.args.filter((a) => a !== "-n")
      if (args[0] === "--") args.shift()
      else if (args[0] !== undefined && /^-./.test(args[0]) && !/^-\d+$/.test(args[0])) return yield* invalidNumber(ctx, "pushd", args[0])
      const target = args[0]
      const noChange = ctx.args.includes("-n")
      if (noChange && target !== undefined && !/^[+-]\d+$/.test(target)) {
        // -n: add the directory below the top without changing to it.
        state.dirStack.unshift(target)
        yield* printStack(ctx)
        return 0
      }
      if (target === undefined) {
        const next = state.dirStack[0]
        if (next === undefined) {
          yield* ctx.shell.errorLine("pushd: no other directory")
          return 1
        }
        const previous = state.cwd
        if (!(yield* changeTo(ctx, "pushd", next))) return 1
        state.dirStack[0] = previous
      } else if (/^[+-]\d+$/.test(target)) {
        const stack = stackOf(ctx)
        const n = Number.parseInt(target.slice(1), 10)
        const index = target[0] === "+" ? n : stack.length - 1 - n
        if (index < 0 || index >= stack.length) {
          yield* ctx.shell.errorLine(`pushd: ${target}: directory stack index out of range`)
          return 1
        }
        const rotated = [...stack.slice(index), ...stack.slice(0, index)]
        if (!(yield* changeTo(ctx, "pushd", rotated[0]!))) return 1
        state.dirStack = rotated.slice(1)
      } else {
        const previous = state.cwd
        if (!(yield* changeTo(ctx, "pushd", target))) return 1
        state.dirStack.unshift(previous)
      }
      yield* printStack(ctx)
      return 0
    })
}

export const popdBuiltin: ShellBuiltin = {
  name: "popd",
  run: (ctx) =>
    Effect.gen(function* () {
      const state = ctx.shell.state
      const arg = ctx.args.find((a) => a !== "-n" && a !== "--")
      if (arg !== undefined && !/^[+-]\d+$/.test(arg)) return yield* invalidNumber(ctx, "popd", arg)
      if (state.dirStack.length === 0) {
        yield* ctx.shell.errorLine("popd: directory stack empty")
        return 1
      }
      if (ctx.args.includes("-n") && arg === undefined) {
        // -n: drop the entry below the top, staying where we are.
        state.dirStack.shift()
      } else if (arg !== undefined && /^[+-]\d+$/.test(arg)) {
        const stack = stackOf(ctx)
        const n = Number.parseInt(arg.slice(1), 10)
        const index = arg[0] === "+" ? n : stack.length - 1 - n
        if (index < 0 || index >= stack.length) {
          yield* ctx.shell.errorLine(`popd: ${arg}: directory stack index out of range`)
          return 1
        }
        if (index === 0) {
          if (!(yield* changeTo(ctx, "popd", state.dirStack[0]!))) return 1
          state.dirStack.shift()
        } else state.dirStack.splice(index - 1, 1)
      } else {
        if (!(yield* changeTo(ctx, "popd", state.dirStack[0]!))) return 1
        state.dirStack.shift()
      }
      yield* printStack(ctx)
      return 0
    })
}
