import { Effect, Either } from "effect"
import { toExpansionFailed, type ShellBuiltin, type ShellBuiltinContext } from "../../interpreter/Interpreter.js"
import { resolvePath } from "../../vfs/paths.js"
import { optionError, scanOptions } from "./usage.js"

/** cd, pwd, let. */

export const cdBuiltin: ShellBuiltin = {
  name: "cd",
  run: (ctx) =>
    Effect.gen(function* () {
      const state = ctx.shell.state
      const scanned = scanOptions(ctx.args, "LPe")
      if ("error" in scanned) return yield* optionError(ctx, "cd", scanned)
      const physical = scanned.options.findLast((o) => o.letter === "L" || o.letter === "P")?.letter === "P"
      const args = scanned.rest
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
      if (target === "") {
        // `cd ""` (or an empty OLDPWD) stays where it is.
        if (print) yield* ctx.stdout.write("\n")
        return 0
      }
      let path = physical ? yield* physicalPath(ctx, target) : resolvePath(state.cwd, target)
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
      if (physical) path = yield* Effect.orElseSucceed(ctx.fs.realpath(path), () => path)
      state.setScalar("OLDPWD", state.cwd)
      state.cwd = path
      state.setScalar("PWD", path)
      if (print) yield* ctx.stdout.write(`${path}\n`)
      return 0
    })
}

/**
 * `cd -P`: resolve each component against the real directory so far, so `..` leaves the
 * directory a symlink points to rather than the symlink's parent.
 */
const physicalPath = (ctx: ShellBuiltinContext, target: string): Effect.Effect<string> =>
  Effect.gen(function* () {
    const real = (p: string) => Effect.orElseSucceed(ctx.fs.realpath(p), () => p)
    let current = target.startsWith("/") ? "/" : yield* real(ctx.shell.state.cwd)
    for (const part of target.split("/")) {
      if (part === "" || part === ".") continue
      current = part === ".." ? resolvePath(current, "..") : yield* real(resolvePath(current, part))
    }
    return current
  })

export const pwdBuiltin: ShellBuiltin = {
  name: "pwd",
  run: (ctx) =>
    Effect.gen(function* () {
      const scanned = scanOptions(ctx.args, "LP")
      if ("error" in scanned) return yield* optionError(ctx, "pwd", scanned)
      const cwd = ctx.shell.state.cwd
      const shown = scanned.options.findLast((o) => o.letter === "L" || o.letter === "P")?.letter === "P" ? yield* Effect.orElseSucceed(ctx.fs.realpath(cwd), () => cwd) : cwd
      yield* ctx.stdout.write(`${shown}\n`)
      return 0
    })
}

export const letBuiltin: ShellBuiltin = {
  name: "let",
  run: (ctx) =>
    Effect.gen(function* () {
      if (ctx.args.length === 0) {
        yield* ctx.shell.errorLine("let: expression expected")
        return 1
      }
      let last = 0n
      for (const expr of ctx.args) {
        const result = yield* Effect.either(Effect.try({ try: () => ctx.shell.arithmetic(expr), catch: toExpansionFailed }))
        if (Either.isRight(result)) {
          last = result.right
          continue
        }
        // An unbound variable under `set -u` ends the shell; a syntax error fails `let` only.
        if (result.left.fatal && /unbound variable$/.test(result.left.message)) return yield* Effect.fail(result.left)
        yield* ctx.shell.errorLine(result.left.message.endsWith(": readonly variable") ? result.left.message : `let: ${result.left.message}`)
        return 1
      }
      return last === 0n ? 1 : 0
    })
}


