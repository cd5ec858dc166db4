import { Effect, Random } from "effect"
import type { Command } from "../Command.js"
import { encodeText, usageError } from "../support/io.js"
import { attempt, errorText, flag, quote, warn, withArgs } from "./support/common.js"

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
const ATTEMPTS = 100

export const mktemp: Command = {
  name: "mktemp",
  run: (ctx) =>
    withArgs(
      ctx,
      {
        options: [
          { short: "d", long: "directory", key: "d" },
          { short: "u", long: "dry-run", key: "u" },
          { short: "q", long: "quiet", key: "q" },
          { short: "p", key: "p", value: true },
          { long: "tmpdir", key: "tmpdir", value: true, optionalValue: true },
          { short: "t", key: "t" },
          { long: "suffix", key: "suffix", value: true }
        ],
        usage: "Usage: mktemp [OPTION]... [TEMPLATE]\nCreate a temporary file or directory, safely, and print its name."
      },
      (args) =>
        Effect.gen(function* () {
          if (args.operands.length > 1) return yield* usageError(ctx, `too many templates`, 1)
          const quiet = flag(args, "q")
          const fail = (message: string) => Effect.as(quiet ? Effect.void : warn(ctx, message), 1)
          let template = args.operands[0] ?? "tmp.XXXXXXXXXX"
          let suffix = args.values.get("suffix") ?? ""
          if (args.values.get("suffix") === undefined) {
            const tail = /X+([^X/]*)$/.exec(template)
            if (tail !== null && tail[1] !== "") {
              suffix = tail[1]!
              template = template.slice(0, -suffix.length)
            }
          } else if (!template.endsWith("X")) return yield* fail(`with --suffix, template ${quote(template)} must end in X`)
          const xs = /X*$/.exec(template)![0].length
          if (xs < 3) return yield* fail(`too few X's in template ${quote(template + suffix)}`)
          const explicitDir = args.values.get("p") ?? args.values.get("tmpdir")
          const useTmpdir = flag(args, "t") || explicitDir !== undefined || args.operands.length === 0
          let dir: string | undefined
          if (useTmpdir) {
            if (template.includes("/") && (flag(args, "t") || explicitDir !== undefined)) {
              return yield* fail(`invalid template, ${quote(template + suffix)}, contains directory separator`)
            }
            dir = explicitDir !== undefined && explicitDir !== "" ? explicitDir : ctx.env.TMPDIR !== undefined && ctx.env.TMPDIR !== "" ? ctx.env.TMPDIR : "/tmp"
          }
          const stem = template.slice(0, template.length - xs)
          for (let attemptNo = 0; attemptNo < ATTEMPTS; attemptNo++) {
            let random = ""
            for (let i = 0; i < xs; i++) random += ALPHABET[yield* Random.nextIntBetween(0, ALPHABET.length)]
            const name = stem + random + suffix
            const shown = dir === undefined ? name : `${dir.replace(/\/+$/, "")}/${name}`
            const path = ctx.resolvePath(shown)
            if (yield* ctx.fs.exists(path)) continue
            if (!flag(args, "u")) {
              const made = yield* attempt(flag(args, "d") ? ctx.fs.mkdir(path, { mode: 0o700 }) : ctx.fs.writeFile(path, encodeText(""), { mode: 0o600 }))
              if (made._tag === "Left") {
                const what = flag(args, "d") ? "directory" : "file"
                return yield* fail(`failed to create ${what} via template ${quote(dir === undefined ? template + suffix : `${dir.replace(/\/+$/, "")}/${template}${suffix}`)}: ${errorText(made.left)}`)
              }
            }
            yield* ctx.stdout.write(`${shown}\n`)
            return 0
          }
          return yield* fail(`failed to create file via template ${quote(template)}: File exists`)
        })
    )
}
