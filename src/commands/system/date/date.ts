import { Effect } from "effect"
import { defineCommand } from "../../Command.js"
import { parseArgs } from "../../support/args.js"
import { fileErrorMessage } from "../../support/io.js"
import { fail, failWithHint, printHelp } from "../help.js"
import { parseDateString } from "./parse.js"
import { strftime } from "./strftime.js"
import { fitsLocaltime, splitMs } from "../../support/calendar.js"
import { breakDown, type Instant, utcZone, zoneFromTz } from "./zone.js"

/**
 * `date [-u] [-d STRING | -r FILE] [-I[SPEC] | -R | --rfc-3339=SPEC | +FORMAT]`. The clock is
 * the host's (`Date.now()`); the zone comes from `TZ` in the environment (UTC when unset).
 */

const HELP = `Usage: date [+FORMAT] [-u] [-R] [-I[TIMESPEC]] [-d STRING] [-r FILE]
Display the current time in the given FORMAT, or of the date given by -d or -r.

  -d, --date=STRING          display time described by STRING, not 'now'
  -I[FMT], --iso-8601[=FMT]  output date/time in ISO 8601 format (date, hours, minutes, seconds, ns)
  -R, --rfc-email            output date and time in RFC 5322 format
      --rfc-3339=FMT         output date/time in RFC 3339 format (date, seconds, ns)
  -r, --reference=FILE       display the last modification time of FILE
  -u, --utc, --universal     print or set Coordinated Universal Time (UTC)
      --help                 display this help and exit
`

const DEFAULT_FORMAT = "%a %b %e %H:%M:%S %Z %Y"

const ISO_FORMATS: Record<string, string> = {
  date: "%Y-%m-%d",
  hours: "%Y-%m-%dT%H%:z",
  minutes: "%Y-%m-%dT%H:%M%:z",
  seconds: "%Y-%m-%dT%H:%M:%S%:z",
  ns: "%Y-%m-%dT%H:%M:%S,%N%:z"
}

const RFC3339_FORMATS: Record<string, string> = {
  date: "%Y-%m-%d",
  seconds: "%Y-%m-%d %H:%M:%S%:z",
  ns: "%Y-%m-%d %H:%M:%S.%N%:z"
}

/** GNU accepts any unambiguous prefix of a TIMESPEC word. */
const timespec = (value: string, table: Record<string, string>): string | undefined => {
  const names = Object.keys(table).filter((name) => name.startsWith(value))
  return names.length === 1 ? table[names[0]!] : table[value]
}

const nowInstant = (): Instant => {
  const ms = Date.now()
  // performance.now() adds the sub-millisecond digits %N shows.
  const micros = Math.floor((performance.now() % 1) * 1000)
  return { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1_000_000 + micros * 1000 }
}

export const dateCommand = defineCommand("date", (ctx) =>
  Effect.gen(function* () {
    if (ctx.args.includes("--help")) return yield* printHelp(ctx, HELP)
    // -I takes its argument attached only (`-Iseconds`), so expand it before the generic parser.
    const argv = ctx.args.map((arg) => (arg === "-I" ? "--iso-8601=date" : /^-I./.test(arg) ? `--iso-8601=${arg.slice(2)}` : arg))
    const parsed = parseArgs(argv, [
      { short: "d", long: "date", key: "date", value: true },
      { short: "r", long: "reference", key: "reference", value: true },
      { short: "u", long: "utc", key: "utc" },
      { long: "universal", key: "utc" },
      { short: "R", long: "rfc-email", key: "rfc-email" },
      { long: "rfc-2822", key: "rfc-email" },
      { long: "iso-8601", key: "iso", value: true, optionalValue: true },
      { long: "rfc-3339", key: "rfc-3339", value: true },
      { short: "s", long: "set", key: "set", value: true },
      { short: "f", long: "file", key: "file", value: true }
    ])
    if (parsed._tag === "Error") return yield* failWithHint(ctx, parsed.message, 1)
    const args = parsed.args
    if (args.values.has("set")) return yield* fail(ctx, "cannot set date: Operation not permitted", 1)
    if (args.values.has("file")) return yield* fail(ctx, "option --file is not supported in the sandbox", 2)

    let format: string | undefined
    const formats: Array<string> = []
    if (args.values.has("iso")) {
      const spec = args.values.get("iso")!
      const chosen = spec === "" ? ISO_FORMATS.date : timespec(spec, ISO_FORMATS)
      if (chosen === undefined) return yield* failWithHint(ctx, `invalid argument '${spec}' for '--iso-8601'`, 1)
      formats.push(chosen)
    }
    if (args.values.has("rfc-3339")) {
      const spec = args.values.get("rfc-3339")!
      const chosen = timespec(spec, RFC3339_FORMATS)
      if (chosen === undefined) return yield* failWithHint(ctx, `invalid argument '${spec}' for '--rfc-3339'`, 1)
      formats.push(chosen)
    }
    if (args.flags.has("rfc-email")) formats.push("%a, %d %b %Y %H:%M:%S %z")
    for (const operand of args.operands) {
      if (operand.startsWith("+")) {
        if (format !== undefined) return yield* failWithHint(ctx, `extra operand '${operand}'`, 1)
        format = operand.slice(1)
      } else if (format !== undefined || args.values.has("date") || args.values.has("reference")) {
        return yield* failWithHint(ctx, `extra operand '${operand}'`, 1)
      } else {
        return yield* fail(ctx, "cannot set date: Operation not permitted", 1)
      }
    }
    if (format !== undefined) formats.push(format)
    if (formats.length > 1) return yield* failWithHint(ctx, "multiple output formats specified", 1)
    if (args.values.has("date") && args.values.has("reference")) {
      return yield* failWithHint(ctx, "the options to specify dates for printing are mutually exclusive", 1)
    }

    const zone = args.flags.has("utc") ? utcZone : zoneFromTz(ctx.env.TZ)
    let instant = nowInstant()
    /** Exact seconds of `@N` (beyond 2^53 a number loses the last digits). */
    let exact: bigint | undefined
    /** What GNU names when the time does not fit `localtime`: the seconds, or the whole string. */
    let outOfRange: string
    if (args.values.has("date")) {
      const text = args.values.get("date")!
      const resolved = parseDateString(text, instant, zone)
      outOfRange = `invalid date '${text}'`
      if (resolved === undefined || !Number.isFinite(resolved.seconds)) return yield* fail(ctx, outOfRange, 1)
      instant = resolved
      const epoch = /^\s*@\s*([-+]?\d+)(?:[.,]\d*)?\s*$/.exec(text)
      if (epoch !== null) {
        exact = BigInt(epoch[1]!)
        outOfRange = `time '${exact}' is out of range`
      }
    } else if (args.values.has("reference")) {
      const file = args.values.get("reference")!
      const stat = yield* Effect.either(ctx.fs.stat(ctx.resolvePath(file)))
      if (stat._tag === "Left") return yield* fail(ctx, fileErrorMessage(file, stat.left), 1)
      const { seconds, fractionMs } = splitMs(stat.right.mtimeMs)
      instant = { seconds, nanos: Math.round(fractionMs * 1_000_000) }
      outOfRange = `time '${seconds}' is out of range`
    } else outOfRange = "invalid date"
    const fields = breakDown(instant, zone, exact)
    if (!fitsLocaltime(fields.year)) return yield* fail(ctx, outOfRange, 1)
    yield* ctx.stdout.write(`${strftime(formats[0] ?? DEFAULT_FORMAT, fields, "gnulib")}\n`)
    return 0
  })
)
