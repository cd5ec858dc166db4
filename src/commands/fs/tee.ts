import { Effect } from "effect"
import type { Command } from "../Command.js"
import { attempt, errorText, flag, warn, withArgs } from "./support/common.js"

export const tee: Command = {
  name: "tee",
  run: (ctx) =>
    withArgs(
      ctx,
      {
        options: [
          { short: "a", long: "append", key: "a" },
          { short: "i", long: "ignore-interrupts", key: "i" },
          { short: "p", key: "p" },
          { long: "output-error", key: "output-error", value: true, optionalValue: true }
        ],
        usage: "Usage: tee [OPTION]... [FILE]...\nCopy standard input to each FILE, and also to standard output."
      },
      (args) =>
        Effect.gen(function* () {
          let status = 0
          const open: Array<{ name: string; path: string }> = []
          for (const name of args.operands) {
            const path = ctx.resolvePath(name)
            const ready = yield* attempt(flag(args, "a") ? ctx.fs.appendFile(path, new Uint8Array(0)) : ctx.fs.writeFile(path, new Uint8Array(0)))
            if (ready._tag === "Left") {
              yield* warn(ctx, `${name}: ${errorText(ready.left)}`)
              status = 1
            } else open.push({ name, path })
          }
          for (;;) {
            const chunk = yield* ctx.stdin.read
            if (chunk === undefined) break
            yield* ctx.stdout.write(chunk)
            for (let i = 0; i < open.length; i++) {
              const target = open[i]!
              const written = yield* attempt(ctx.fs.appendFile(target.path, chunk))
              if (written._tag === "Left") {
                yield* warn(ctx, `${target.name}: ${errorText(written.left)}`)
                status = 1
                open.splice(i--, 1)
              }
            }
          }
          return status
        })
    )
}
