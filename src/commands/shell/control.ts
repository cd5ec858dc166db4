import { Effect } from "effect"
import type { ShellBuiltin, ShellBuiltinContext } from "../../interpreter/Interpreter.js"
import { resolvePath } from "../../vfs/paths.js"
import { vfsErrorText } from "../../vfs/VfsError.js"
import { decodeText } from "../support/io.js"
import { optionError, scanOptions } from "./usage.js"

/** Builtins that steer execution: `:` true false exit return break continue shift eval source exec. */

const err = (ctx: ShellBuiltinContext, message: string) => ctx.shell.errorLine(message)

/** bash's DISCARD: the rest of a `bash -c` string is dropped (the shell ends); a script file or a subshell drops the current line. */
const discard = (ctx: ShellBuiltinContext, status: number): number => {
  ctx.shell.flow = ctx.shell.runsCommandString() ? { kind: "exit", status } : { kind: "abortLine", status }
  return status
}

const numericArg = (ctx: ShellBuiltinContext, name: string, arg: string | undefined, fallback: number) =>
  Effect.gen(function* () {
    if (arg === undefined) return fallback
    if (!/^-?\d+$/.test(arg.trim())) {
      yield* err(ctx, `${name}: ${arg}: numeric argument required`)
      return undefined
    }
    return Number.parseInt(arg, 10)
  })

export const colonBuiltin: ShellBuiltin = { name: ":", special: true, run: () => Effect.succeed(0), runSync: () => 0 }
export const trueBuiltin: ShellBuiltin = { name: "true", run: () => Effect.succeed(0), runSync: () => 0 }
export const falseBuiltin: ShellBuiltin = { name: "false", run: () => Effect.succeed(1), runSync: () => 1 }

export const exitBuiltin: ShellBuiltin = {
  name: "exit",
  special: true,
  run: (ctx) =>
    Effect.gen(function* () {
      const args = ctx.args[0] === "--" ? ctx.args.slice(1) : ctx.args
      const arg = args[0]
      let status = ctx.shell.state.lastStatus
      if (arg !== undefined) {
        if (!/^\s*[-+]?\d+\s*$/.test(arg)) {
          yield* err(ctx, `exit: ${arg}: numeric argument required`)
          status = 2
        } else status = Number.parseInt(arg, 10) & 255
      }
      if (args.length > 1 && /^\s*[-+]?\d+\s*$/.test(arg ?? "")) {
        yield* err(ctx, "exit: too many arguments")
        return discard(ctx, 1)
      }
      ctx.shell.flow = { kind: "exit", status }
      return status
    })
}

export const returnBuiltin: ShellBuiltin = {
  name: "return",
  special: true,
  run: (ctx) =>
    Effect.gen(function* () {
      const shell = ctx.shell
      const args = ctx.args[0] === "--" ? ctx.args.slice(1) : ctx.args
      const arg = args[0]
      let status = shell.state.lastStatus
      if (arg !== undefined) {
        if (!/^\s*[-+]?\d+\s*$/.test(arg)) {
          yield* err(ctx, `return: ${arg}: numeric argument required`)
          status = 2
        } else status = Number.parseInt(arg, 10) & 255
      }
      if (args.length > 1 && status !== 2 && (shell.functionDepth > 0 || shell.sourceDepth > 0)) {
        yield* err(ctx, "return: too many arguments")
        return discard(ctx, 1)
      }
      if (shell.functionDepth === 0 && shell.sourceDepth === 0) {
        yield* err(ctx, "return: can only `return' from a function or sourced script")
        // bash 5.2 fails with 2 here, whatever the argument.
        return 2
      }
      shell.flow = { kind: "return", status }
      return status
    })
}

const loopControl = (kind: "break" | "continue"): ShellBuiltin => ({
  name: kind,
  special: true,
  run: (ctx) =>
    Effect.gen(function* () {
      if (ctx.shell.loopDepth === 0) {
        yield* err(ctx, `${kind}: only meaningful in a \`for', \`while', or \`until' loop`)
        return 0
      }
      const arg = ctx.args[0] === "--" ? ctx.args[1] : ctx.args[0]
      const n = yield* numericArg(ctx, kind, arg, 1)
      if (n === undefined) {
        // A bad count is a fatal error of a special builtin: the shell exits with 128.
        ctx.shell.flow = { kind: "exit", status: 128 }
        return 128
      }
      if (n < 1) {
        yield* err(ctx, `${kind}: ${arg}: loop count out of range`)
        return 1
      }
      ctx.shell.flow = { kind, levels: Math.min(n, ctx.shell.loopDepth) }
      return 0
    })
})

export const breakBuiltin = loopControl("break")
export const continueBuiltin = loopControl("continue")

export const shiftBuiltin: ShellBuiltin = {
  name: "shift",
  special: true,
  run: (ctx) =>
    Effect.gen(function* () {
      const n = yield* numericArg(ctx, "shift", ctx.args[0] === "--" ? ctx.args[1] : ctx.args[0], 1)
      if (n === undefined) return 1
      const state = ctx.shell.state
      if (n < 0) {
        yield* err(ctx, `shift: ${ctx.args[0]}: shift count out of range`)
        return 1
      }
      if (n > state.positional.length) return 1
      state.positional = state.positional.slice(n)
      return 0
    })
}

export const evalBuiltin: ShellBuiltin = {
  name: "eval",
  special: true,
  run: (ctx) => {
    const scanned = scanOptions(ctx.args, "")
    if ("error" in scanned) return optionError(ctx, "eval", scanned)
    if (scanned.rest.length === 0) return Effect.succeed(0)
    return ctx.shell.runString(scanned.rest.join(" "))
  }
}

/** `source file [args]` / `. file`: run a file from the VFS in the current shell. */
export const sourceBuiltin = (name: string): ShellBuiltin => ({
  name,
  special: true,
  run: (ctx) =>
    Effect.gen(function* () {
      const shell = ctx.shell
      const scanned = scanOptions(ctx.args, "")
      if ("error" in scanned) return yield* optionError(ctx, name, scanned)
      const args = scanned.rest
      const file = args[0]
      if (file === undefined) {
        yield* err(ctx, `${name}: filename argument required`)
        yield* ctx.stderr.write(`${name}: usage: ${name} filename [arguments]\n`)
        return 2
      }
      const searchPath = !file.includes("/") && shell.state.shopt["sourcepath"] !== false
      const candidates = [
        ...(searchPath ? (shell.state.getScalar("PATH") ?? "").split(":").filter((d) => d !== "").map((d) => resolvePath(shell.state.cwd, `${d}/${file}`)) : []),
        resolvePath(shell.state.cwd, file)
      ]
      let text: string | undefined
      let lastError = "No such file or directory"
      for (const path of candidates) {
        const stat = yield* Effect.either(shell.services.fs.stat(path))
        if (stat._tag === "Right" && stat.right.type === "directory") {
          // A directory in PATH is skipped; the file itself being one is an error.
          if (path !== candidates[candidates.length - 1]) continue
          yield* err(ctx, `${name}: ${file}: is a directory`)
          return 1
        }
        const result = yield* Effect.either(shell.services.fs.readFile(path))
        if (result._tag === "Right") {
          text = decodeText(result.right)
          break
        }
        lastError = vfsErrorText(result.left.reason)
      }
      if (text === undefined) {
        yield* err(ctx, `${file}: ${lastError}`)
        return 1
      }
      if (shell.sourceDepth >= shell.services.limits.maxSubshellDepth) {
        yield* err(ctx, `${file}: maximum source nesting exceeded`)
        return 1
      }
      const state = shell.state
      const savedPositional = state.positional
      if (args.length > 1) state.positional = args.slice(1)
      state.callStack.push({ name: "source", source: file, callLine: state.lineNumber })
      shell.sourceDepth++
      const status = yield* shell.runSource(text, { nested: true }).pipe(
        Effect.ensuring(
          Effect.sync(() => {
            shell.sourceDepth--
            state.callStack.pop()
            if (args.length > 1) state.positional = savedPositional
          })
        )
      )
      const flow = shell.flow
      let result = status
      if (flow?.kind === "return") {
        shell.flow = undefined
        result = flow.status
      }
      // The RETURN trap also runs when a sourced file finishes.
      const returnTrap = state.traps.get("RETURN")
      if (returnTrap !== undefined && shell.flow === undefined && !shell.returnTrapInherited) yield* shell.runString(returnTrap, { label: "trap", trap: true })
      return result
    })
})
