import { Effect } from "effect"
import type { Command } from "../Command.js"
import { usageError } from "../support/io.js"
import { attempt, errorText, flag, quote, warn, withArgs } from "./support/common.js"
import { parseSize } from "./support/sizes.js"

type Adjust = "set" | "+" | "-" | "<" | ">" | "/" | "%"

/** The new length of a file of `current` bytes. */
const resize = (current: number, adjust: Adjust, size: number): number => {
  switch (adjust) {
    case "set":
      return size
    case "+":
      return current + size
    case "-":
      return Math.max(0, current - size)
    case "<":
      return Math.min(current, size)
    case ">":
      return Math.max(current, size)
    case "/":
      return Math.floor(current / size) * size
    case "%":
      return Math.ceil(current / size) * size
  }
}

export const truncate: Command = {
  name: "truncate",
  run: (ctx) =>
    withArgs(
      ctx,
      {
        options: [
          { short: "s", long: "size", key: "s", value: true },
          { short: "c", long: "no-create", key: "c" },
          { short: "r", long: "reference", key: "r", value: true },
          { short: "o", long: "io-blocks", key: "o" }
        ],
        usage: "Usage: truncate OPTION... FILE...\nShrink or extend the size of each FILE to the specified size."
      },
      (args) =>
        Effect.gen(function* () {
          const sizeText = args.values.get("s")
          const reference = args.values.get("r")
          if (args.operands.length === 0) return yield* usageError(ctx, "missing file operand", 1)
          if (sizeText === undefined && reference === undefined) return yield* usageError(ctx, "you must specify either '--size' or '--reference'", 1)
          let adjust: Adjust = "set"
          let size = 0
          if (sizeText !== undefined) {
            const first = sizeText[0]
            let body = sizeText
            if (first !== undefined && "+-<>/%".includes(first)) {
              adjust = first as Adjust
              body = sizeText.slice(1)
            }
            const parsed = parseSize(body)
            if (parsed === undefined) {
              yield* warn(ctx, `Invalid number: ${quote(sizeText)}`)
              return 1
            }
            size = flag(args, "o") ? parsed * 4096 : parsed
            if ((adjust === "/" || adjust === "%") && size === 0) {
              yield* warn(ctx, "division by zero")
              return 1
            }
          }
          let referenceSize: number | undefined
          if (reference !== undefined) {
            const ref = yield* attempt(ctx.fs.stat(ctx.resolvePath(reference)))
            if (ref._tag === "Left") {
              yield* warn(ctx, `cannot stat ${quote(reference)}: ${errorText(ref.left)}`)
              return 1
            }
            referenceSize = ref.right.size
          }
          let status = 0
          for (const operand of args.operands) {
            const path = ctx.resolvePath(operand)
            const existing = yield* attempt(ctx.fs.stat(path))
            if (existing._tag === "Left") {
              if (existing.left.reason === "NotFound" && flag(args, "c")) continue
              if (existing.left.reason !== "NotFound") {
                yield* warn(ctx, `cannot open ${quote(operand)} for writing: ${errorText(existing.left)}`)
                status = 1
                continue
              }
              const created = yield* attempt(ctx.fs.writeFile(path, new Uint8Array(0)))
              if (created._tag === "Left") {
                yield* warn(ctx, `cannot open ${quote(operand)} for writing: ${errorText(created.left)}`)
                status = 1
                continue
              }
            } else if (existing.right.type === "directory") {
              yield* warn(ctx, `cannot open ${quote(operand)} for writing: Is a directory`)
              status = 1
              continue
            }
            const current = existing._tag === "Right" ? existing.right.size : 0
            const base = referenceSize !== undefined && sizeText === undefined ? referenceSize : referenceSize ?? current
            const target = sizeText === undefined ? base : resize(referenceSize ?? current, adjust, size)
            const done = yield* attempt(ctx.fs.truncate(path, target))
            if (done._tag === "Left") {
              yield* warn(ctx, `failed to truncate ${quote(operand)} at ${target} bytes: ${errorText(done.left)}`)
              status = 1
            }
          }
          return status
        })
    )
}
