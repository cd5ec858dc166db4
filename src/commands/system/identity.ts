import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../Command.js"
import { parseArgs } from "../support/args.js"
import { fail, failWithHint, printHelp } from "./help.js"

/**
 * Who and where the sandbox says it runs: `whoami`, `hostname`, `uname`, `id`, `groups`,
 * `nproc`. Values come from `ctx.identity`; the machine is a fixed virtual Linux box with one
 * processor (commands run one at a time in the sandbox, so `nproc` says 1).
 */

export const KERNEL_RELEASE = "6.1.0-bashkit"
export const KERNEL_VERSION = "#1 SMP PREEMPT_DYNAMIC bashkit"
export const VIRTUAL_PROCESSORS = 1

const rejectOperands = (ctx: CommandContext, operands: ReadonlyArray<string>) =>
  failWithHint(ctx, `extra operand '${operands[0]}'`, 1)

export const whoamiCommand = defineCommand("whoami", (ctx) =>
  Effect.gen(function* () {
    const parsed = parseArgs(ctx.args, [{ long: "help", key: "help" }])
    if (parsed._tag === "Error") return yield* failWithHint(ctx, parsed.message, 1)
    if (parsed.args.flags.has("help")) return yield* printHelp(ctx, "Usage: whoami\nPrint the user name of the current user.\n")
    if (parsed.args.operands.length > 0) return yield* rejectOperands(ctx, parsed.args.operands)
    yield* ctx.stdout.write(`${ctx.identity.user}\n`)
    return 0
  })
)

export const hostnameCommand = defineCommand("hostname", (ctx) =>
  Effect.gen(function* () {
    const parsed = parseArgs(ctx.args, [
      { short: "s", long: "short", key: "short" },
      { short: "f", long: "fqdn", key: "fqdn" },
      { long: "long", key: "fqdn" },
      { long: "help", key: "help" }
    ])
    if (parsed._tag === "Error") return yield* failWithHint(ctx, parsed.message, 1)
    if (parsed.args.flags.has("help")) return yield* printHelp(ctx, "Usage: hostname [-s|-f]\nShow the system's host name.\n")
    if (parsed.args.operands.length > 0) return yield* fail(ctx, "you must be root to change the host name", 1)
    const host = ctx.identity.host
    yield* ctx.stdout.write(`${parsed.args.flags.has("short") ? host.split(".")[0] : host}\n`)
    return 0
  })
)

const UNAME_FIELDS = [
  ["s", "kernel-name"],
  ["n", "nodename"],
  ["r", "kernel-release"],
  ["v", "kernel-version"],
  ["m", "machine"],
  ["p", "processor"],
  ["i", "hardware-platform"],
  ["o", "operating-system"]
] as const

export const unameCommand = defineCommand("uname", (ctx) =>
  Effect.gen(function* () {
    const parsed = parseArgs(ctx.args, [
      { short: "a", long: "all", key: "a" },
      ...UNAME_FIELDS.map(([short, long]) => ({ short, long, key: short })),
      { long: "help", key: "help" }
    ])
    if (parsed._tag === "Error") return yield* failWithHint(ctx, parsed.message, 1)
    const flags = parsed.args.flags
    if (flags.has("help")) {
      return yield* printHelp(ctx, "Usage: uname [OPTION]...\nPrint system information (-a -s -n -r -v -m -p -i -o).\n")
    }
    if (parsed.args.operands.length > 0) return yield* rejectOperands(ctx, parsed.args.operands)
    const values: Record<string, string> = {
      s: "Linux",
      n: ctx.identity.host,
      r: KERNEL_RELEASE,
      v: KERNEL_VERSION,
      m: "x86_64",
      p: "unknown",
      i: "unknown",
      o: "GNU/Linux"
    }
    const all = flags.has("a")
    const chosen = UNAME_FIELDS.filter(([key]) =>
      // -a leaves out the processor and platform when they are unknown, as GNU does.
      all ? key !== "p" && key !== "i" ? true : flags.has(key) : flags.has(key)
    ).map(([key]) => values[key]!)
    yield* ctx.stdout.write(`${chosen.length === 0 ? values.s : chosen.join(" ")}\n`)
    return 0
  })
)

export const idCommand = defineCommand("id", (ctx) =>
  Effect.gen(function* () {
    const parsed = parseArgs(ctx.args, [
      { short: "u", long: "user", key: "u" },
      { short: "g", long: "group", key: "g" },
      { short: "G", long: "groups", key: "G" },
      { short: "n", long: "name", key: "n" },
      { short: "r", long: "real", key: "r" },
      { short: "z", long: "zero", key: "z" },
      { long: "help", key: "help" }
    ])
    if (parsed._tag === "Error") return yield* failWithHint(ctx, parsed.message, 1)
    const { flags, operands } = parsed.args
    if (flags.has("help")) return yield* printHelp(ctx, "Usage: id [OPTION]... [USER]...\nPrint user and group information (-u -g -G -n -r -z).\n")
    const { user, uid, gid } = ctx.identity
    for (const operand of operands) {
      if (operand !== user && operand !== String(uid)) return yield* fail(ctx, `'${operand}': no such user`, 1)
    }
    const selectors = ["u", "g", "G"].filter((key) => flags.has(key))
    if (selectors.length > 1) return yield* failWithHint(ctx, "cannot print \"only\" of more than one choice", 1)
    const names = flags.has("n")
    const end = flags.has("z") ? "\0" : "\n"
    if (selectors.length === 0) {
      if (names || flags.has("r")) return yield* failWithHint(ctx, "cannot print only names or real IDs in default format", 1)
      if (flags.has("z")) return yield* failWithHint(ctx, "option --zero not permitted in default format", 1)
      yield* ctx.stdout.write(`uid=${uid}(${user}) gid=${gid}(${user}) groups=${gid}(${user})\n`)
      return 0
    }
    const value = selectors[0] === "u" ? (names ? user : String(uid)) : names ? user : String(gid)
    yield* ctx.stdout.write(value + end)
    return 0
  })
)

export const groupsCommand = defineCommand("groups", (ctx) =>
  Effect.gen(function* () {
    if (ctx.args[0] === "--help") return yield* printHelp(ctx, "Usage: groups [USER]...\nPrint the groups a user is in.\n")
    const { user, uid } = ctx.identity
    if (ctx.args.length === 0) {
      yield* ctx.stdout.write(`${user}\n`)
      return 0
    }
    let status = 0
    for (const operand of ctx.args) {
      if (operand !== user && operand !== String(uid)) {
        yield* ctx.stderr.write(`groups: '${operand}': no such user\n`)
        status = 1
      } else yield* ctx.stdout.write(`${operand} : ${user}\n`)
    }
    return status
  })
)

export const nprocCommand = defineCommand("nproc", (ctx) =>
  Effect.gen(function* () {
    const parsed = parseArgs(ctx.args, [
      { long: "all", key: "all" },
      { long: "ignore", key: "ignore", value: true },
      { long: "help", key: "help" }
    ])
    if (parsed._tag === "Error") return yield* failWithHint(ctx, parsed.message, 1)
    if (parsed.args.flags.has("help")) return yield* printHelp(ctx, "Usage: nproc [--all] [--ignore=N]\nPrint the number of processing units available.\n")
    if (parsed.args.operands.length > 0) return yield* rejectOperands(ctx, parsed.args.operands)
    const ignoreText = parsed.args.values.get("ignore")
    if (ignoreText !== undefined && !/^\d+$/.test(ignoreText)) return yield* fail(ctx, `invalid number: '${ignoreText}'`, 1)
    const ignore = parsed.args.flags.has("all") ? 0 : Number(ignoreText ?? "0")
    yield* ctx.stdout.write(`${Math.max(1, VIRTUAL_PROCESSORS - ignore)}\n`)
    return 0
  })
)
