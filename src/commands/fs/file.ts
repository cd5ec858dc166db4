import { Effect } from "effect"
import type { Command } from "../Command.js"
import { usageError } from "../support/io.js"
import { attempt, errorText, flag, OutputBuffer, withArgs } from "./support/common.js"
import { sniffContent, type Sniffed } from "./support/magic.js"
import { maxOf } from "../support/maxOf.js"

const special = (description: string, mime: string): Sniffed => ({ description, mime, encoding: "binary" })

export const file: Command = {
  name: "file",
  run: (ctx) =>
    withArgs(
      ctx,
      {
        options: [
          { short: "b", long: "brief", key: "b" },
          { short: "i", long: "mime", key: "i" },
          { long: "mime-type", key: "mime-type" },
          { long: "mime-encoding", key: "mime-encoding" },
          { short: "L", long: "dereference", key: "L" },
          { short: "h", long: "no-dereference", key: "h" },
          { short: "N", long: "no-pad", key: "N" },
          { short: "F", long: "separator", key: "F", value: true },
          { short: "E", key: "E" },
          { short: "z", long: "uncompress", key: "z" },
          { short: "f", long: "files-from", key: "f", value: true }
        ],
        usage: "Usage: file [OPTION...] [FILE...]\nDetermine type of FILEs."
      },
      (args) =>
        Effect.gen(function* () {
          const names = [...args.operands]
          const listFile = args.values.get("f")
          if (listFile !== undefined) {
            const list =
              listFile === "-" ? new TextDecoder().decode(yield* ctx.stdin.readAll) : yield* Effect.orElseSucceed(ctx.fs.readText(ctx.resolvePath(listFile)), () => "")
            names.push(...list.split("\n").filter((l) => l !== ""))
          }
          if (names.length === 0) return yield* usageError(ctx, "missing operand", 1)
          const follow = flag(args, "L") && !flag(args, "h")
          const separator = args.values.get("F") ?? ":"
          const width = flag(args, "N") || flag(args, "b") ? 0 : maxOf(names.map((n) => n.length)) + separator.length
          const out = new OutputBuffer(ctx)
          let status = 0
          for (const name of names) {
            let result: Sniffed | string
            if (name === "-") result = sniffContent(yield* ctx.stdin.readAll)
            else {
              const path = ctx.resolvePath(name)
              const stat = yield* attempt(follow ? ctx.fs.stat(path) : ctx.fs.lstat(path))
              if (stat._tag === "Left") {
                result = `cannot open \`${name}' (${errorText(stat.left)})`
                if (flag(args, "E")) status = 1
              } else if (stat.right.type === "directory") result = special("directory", "inode/directory")
              else if (stat.right.type === "symlink") {
                const target = yield* attempt(ctx.fs.readlink(path))
                const text = target._tag === "Right" ? target.right : ""
                const resolves = yield* attempt(ctx.fs.stat(path))
                result = special(`${resolves._tag === "Left" ? "broken " : ""}symbolic link to ${text}`, "inode/symlink")
              } else if (stat.right.type === "chardev") result = special("character special", "inode/chardevice")
              else if (stat.right.type === "fifo") result = special("fifo (named pipe)", "inode/fifo")
              else {
                const data = yield* attempt(ctx.fs.readFile(path))
                result = data._tag === "Left" ? `cannot open \`${name}' (${errorText(data.left)})` : sniffContent(data.right)
              }
            }
            let text: string
            if (typeof result === "string") text = result
            else if (flag(args, "mime-type")) text = result.mime
            else if (flag(args, "mime-encoding")) text = result.encoding
            else if (flag(args, "i")) text = `${result.mime}; charset=${result.encoding}`
            else text = result.description
            const label = flag(args, "b") ? "" : `${(name === "-" ? "/dev/stdin" : name) + separator}`.padEnd(width) + " "
            yield* out.add(`${label}${text}\n`)
          }
          yield* out.flush()
          return status
        })
    )
}
