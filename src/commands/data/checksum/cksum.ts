import { Effect } from "effect"
import { defineCommand } from "../../Command.js"
import { parseArgs } from "../../support/args.js"
import { usageError } from "../../support/io.js"
import { forEachInput, printHelp } from "../support.js"
import { formatDigestLine } from "./checksum.js"
import { digestAlgorithms, hexDigestInPieces, posixCrcInPieces } from "./digests.js"

/** `cksum`: the POSIX CRC by default (`CRC SIZE [NAME]`), or `-a ALGORITHM` as GNU 9 does. */

const algorithmNames: Record<string, string> = {
  md5: "md5sum",
  sha1: "sha1sum",
  sha224: "sha224sum",
  sha256: "sha256sum",
  sha384: "sha384sum",
  sha512: "sha512sum",
  blake2b: "b2sum"
}

export const cksumCommand = defineCommand("cksum", (ctx) =>
  Effect.gen(function* () {
    const parsed = parseArgs(ctx.args, [
      { short: "a", long: "algorithm", value: true },
      { long: "untagged" },
      { long: "tag" },
      { short: "z", long: "zero" },
      { long: "help" }
    ])
    if (parsed._tag === "Error") return yield* usageError(ctx, parsed.message, 1)
    const { flags, values, operands } = parsed.args
    if (flags.has("help")) {
      return yield* printHelp(ctx, "Usage: cksum [OPTION]... [FILE]...\nPrint CRC checksum and byte counts of each FILE.\n  -a, --algorithm=TYPE  crc (default), md5, sha1, sha224, sha256, sha384, sha512, blake2b\n      --untagged  create a reversed style checksum, without digest type\n  -z, --zero  end each output line with NUL")
    }
    const name = values.get("algorithm") ?? "crc"
    if (name === "crc") {
      const ok = yield* forEachInput(ctx, operands, (operand, data) =>
        Effect.flatMap(posixCrcInPieces(ctx.budget, data), (crc) =>
          ctx.stdout.write(`${crc} ${data.length}${operand === "-" && operands.length === 0 ? "" : ` ${operand}`}\n`)
        )
      )
      return ok ? 0 : 1
    }
    const algorithm = digestAlgorithms.find((candidate) => candidate.command === algorithmNames[name])
    if (algorithm === undefined) return yield* usageError(ctx, `invalid argument '${name}' for '--algorithm'`, 1)
    const options = { tag: !flags.has("untagged"), binary: false, zero: flags.has("zero") }
    const ok = yield* forEachInput(ctx, operands, (operand, data) =>
      Effect.flatMap(hexDigestInPieces(ctx.budget, algorithm, data), (digest) => ctx.stdout.write(formatDigestLine(algorithm, digest, operand, options)))
    )
    return ok ? 0 : 1
  })
)
