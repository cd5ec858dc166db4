import { Effect, Either } from "effect"
import type { ShellBuiltin, ShellBuiltinContext } from "../../interpreter/Interpreter.js"
import { Attr } from "../../interpreter/variables.js"
import { expandPathname } from "../../expansion/Pathname.js"
import { matchPattern } from "../../expansion/Pattern.js"
import type { LimitExceeded } from "../../limits/ExecutionLimits.js"
import { quoteForReuse } from "../../expansion/quoting.js"
import { resolvePath } from "../../vfs/paths.js"
import { setOptionNames } from "../../interpreter/ShellState.js"
import { programBuiltins, shellKeywords } from "./lookup.js"
import { optionError, scanOptions } from "./usage.js"

/** compgen (generate completions) and complete (record completion specs per command). */

const actionLetters: Record<string, string> = {
  a: "alias",
  b: "builtin",
  c: "command",
  d: "directory",
  e: "export",
  f: "file",
  g: "group",
  j: "job",
  k: "keyword",
  s: "service",
  u: "user",
  v: "variable"
}

const knownActions = new Set([
  ...Object.values(actionLetters),
  "arrayvar",
  "binding",
  "disabled",
  "enabled",
  "function",
  "helptopic",
  "hostname",
  "running",
  "setopt",
  "shopt",
  "signal",
  "stopped"
])

interface Spec {
  readonly actions: Array<string>
  readonly letters: Array<string>
  readonly wordlist: string | undefined
  readonly glob: string | undefined
  readonly filter: string | undefined
  readonly prefix: string
  readonly suffix: string
  readonly fn: string | undefined
  readonly command: string | undefined
  readonly options: Array<string>
}

type Parsed = { spec: Spec; flags: Array<string>; rest: Array<string> } | { error: number }

const parseSpec = (ctx: ShellBuiltinContext, name: string, extraLetters: string): Effect.Effect<Parsed> =>
  Effect.gen(function* () {
    const scanned = scanOptions(ctx.args, `abcdefgjksuv${extraLetters}`, "oAGWFCXPS")
    if ("error" in scanned) return { error: yield* optionError(ctx, name, scanned) }
    const actions: Array<string> = []
    const letters: Array<string> = []
    const flags: Array<string> = []
    const options: Array<string> = []
    const value = (l: string) => scanned.options.findLast((o) => o.letter === l)?.value
    for (const o of scanned.options) {
      if (actionLetters[o.letter] !== undefined) {
        actions.push(actionLetters[o.letter]!)
        letters.push(o.letter)
      } else if (o.letter === "A") {
        if (!knownActions.has(o.value!)) {
          yield* ctx.shell.errorLine(`${name}: ${o.value}: invalid action name`)
          return { error: 2 }
        }
        actions.push(o.value!)
      } else if (o.letter === "o") options.push(o.value!)
      else if (o.value === undefined) flags.push(o.letter)
    }
    return {
      spec: { actions, letters, wordlist: value("W"), glob: value("G"), filter: value("X"), prefix: value("P") ?? "", suffix: value("S") ?? "", fn: value("F"), command: value("C"), options },
      flags,
      rest: scanned.rest
    }
  })

const listDirectory = (ctx: ShellBuiltinContext, word: string, dirsOnly: boolean): Effect.Effect<Array<string>> =>
  Effect.gen(function* () {
    const slash = word.lastIndexOf("/")
    const dirPart = slash === -1 ? "" : word.slice(0, slash + 1)
    const base = slash === -1 ? word : word.slice(slash + 1)
    const entries = yield* Effect.either(ctx.shell.services.fs.readdir(resolvePath(ctx.shell.state.cwd, dirPart === "" ? "." : dirPart)))
    if (Either.isLeft(entries)) return []
    const out: Array<string> = []
    for (const e of entries.right) {
      if (!e.name.startsWith(base) || (base === "" && e.name.startsWith("."))) continue
      if (dirsOnly) {
        const stat = yield* Effect.either(ctx.shell.services.fs.stat(resolvePath(ctx.shell.state.cwd, dirPart + e.name)))
        if (Either.isLeft(stat) || stat.right.type !== "directory") continue
      }
      out.push(dirPart + e.name)
    }
    return out.sort()
  })

const commandNames = (ctx: ShellBuiltinContext): Effect.Effect<Array<string>> =>
  Effect.gen(function* () {
    const state = ctx.shell.state
    const names = [...state.aliases.keys(), ...ctx.shell.services.builtins.keys(), ...state.functions.keys(), ...shellKeywords]
    for (const dir of (state.getScalar("PATH") ?? "").split(":")) {
      const entries = yield* Effect.either(ctx.shell.services.fs.readdir(resolvePath(state.cwd, dir === "" ? "." : dir)))
      if (Either.isRight(entries)) for (const e of entries.right) names.push(e.name)
    }
    return names
  })

/** The candidates of one action, before matching against the word. */
const candidates = (ctx: ShellBuiltinContext, action: string, word: string): Effect.Effect<Array<string>> => {
  const state = ctx.shell.state
  const sorted = (xs: Iterable<string>) => [...xs].sort()
  const variables = (pred: (attrs: number) => boolean) =>
    sorted(state.variableNames().filter((n) => { const v = state.findRaw(n)?.variable; return v !== undefined && pred(v.attrs) }))
  switch (action) {
    case "alias":
      return Effect.succeed(sorted(state.aliases.keys()))
    case "builtin":
    case "enabled":
    case "helptopic":
      return Effect.succeed(sorted([...ctx.shell.services.builtins.keys()].filter((n) => !programBuiltins.has(n))))
    case "function":
      return Effect.succeed(sorted(state.functions.keys()))
    case "keyword":
      return Effect.succeed([...shellKeywords])
    case "variable":
      return Effect.succeed(variables(() => true))
    case "export":
      return Effect.succeed(variables((a) => (a & Attr.export) !== 0))
    case "arrayvar":
      return Effect.succeed(variables((a) => (a & (Attr.indexed | Attr.assoc)) !== 0))
    case "setopt":
      return Effect.succeed([...setOptionNames])
    case "shopt":
      return Effect.succeed(sorted(Object.keys(state.shopt)))
    case "signal":
      return Effect.succeed(["SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT", "SIGBUS", "SIGFPE", "SIGKILL", "SIGUSR1", "SIGSEGV", "SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM"])
    case "user":
    case "group":
      return Effect.succeed([ctx.identity.user])
    case "hostname":
      return Effect.succeed([ctx.identity.host])
    case "job":
    case "running":
      return Effect.succeed([...ctx.shell.services.jobs.values()].map((j) => j.command.split(" ")[0] ?? "").filter((c) => c !== ""))
    case "command":
      return commandNames(ctx)
    case "file":
      return listDirectory(ctx, word, false)
    case "directory":
      return listDirectory(ctx, word, true)
    default:
      return Effect.succeed([])
  }
}

/** `-G pattern`: the pathname expansion of the pattern, under the shell's glob options. */
const globMatches = (ctx: ShellBuiltinContext, pattern: string): Effect.Effect<ReadonlyArray<string>, LimitExceeded> => {
  const state = ctx.shell.state
  const globIgnore = state.getScalar("GLOBIGNORE")
  return Effect.map(
    expandPathname(pattern, ctx.cwd, ctx.fs, {
      dotglob: state.shopt["dotglob"] === true,
      nocaseglob: state.shopt["nocaseglob"] === true,
      globstar: state.shopt["globstar"] === true,
      extglob: state.shopt["extglob"] === true,
      maxWords: ctx.shell.services.limits.maxExpansionWords,
      meter: ctx.budget,
      ...(globIgnore !== undefined ? { globIgnore } : {})
    }),
    (matches) => matches ?? []
  )
}

/** Generate the matches of a spec for `word`: actions, -G, -W, then -X, -P, -S. */
const generate = (ctx: ShellBuiltinContext, spec: Spec, word: string): Effect.Effect<Array<string>, LimitExceeded> =>
  Effect.gen(function* () {
    const out: Array<string> = []
    for (const action of spec.actions) for (const c of yield* candidates(ctx, action, word)) if (c.startsWith(word)) out.push(c)
    if (spec.glob !== undefined) out.push(...(yield* globMatches(ctx, spec.glob)))
    if (spec.wordlist !== undefined) {
      const ifs = ctx.shell.state.getScalar("IFS") ?? " \t\n"
      const words = spec.wordlist.split(new RegExp(`[${ifs.replace(/[\]\\^-]/g, "\\$&")}]+`)).filter((w) => w !== "")
      for (const w of words) if (w.startsWith(word)) out.push(w)
    }
    let result = out
    if (spec.filter !== undefined) {
      const negate = spec.filter.startsWith("!")
      const pattern = (negate ? spec.filter.slice(1) : spec.filter).replace(/&/g, word)
      result = result.filter((c) => matchPattern(pattern, c, { meter: ctx.budget }) === negate)
    }
    return result.map((c) => `${spec.prefix}${c}${spec.suffix}`)
  })

export const compgenBuiltin: ShellBuiltin = {
  name: "compgen",
  run: (ctx) =>
    Effect.gen(function* () {
      const parsed = yield* parseSpec(ctx, "compgen", "")
      if ("error" in parsed) return parsed.error
      if (parsed.spec.fn !== undefined || parsed.spec.command !== undefined) {
        yield* ctx.shell.errorLine("compgen: -F and -C are not available in this sandbox")
        return 1
      }
      const matches = yield* generate(ctx, parsed.spec, parsed.rest[0] ?? "")
      if (matches.length === 0) return 1
      yield* ctx.stdout.write(matches.map((m) => `${m}\n`).join(""))
      return 0
    })
}

/** The `complete -p` line of a spec, options in bash's order. */
const printSpec = (spec: Spec, name: string): string => {
  const q = (s: string) => (/^[A-Za-z0-9_./:@%+=,-]+$/.test(s) ? s : quoteForReuse(s))
  let line = "complete"
  for (const o of spec.options) line += ` -o ${o}`
  for (const l of Object.keys(actionLetters)) if (spec.letters.includes(l)) line += ` -${l}`
  for (const a of spec.actions) if (!Object.values(actionLetters).includes(a)) line += ` -A ${a}`
  if (spec.glob !== undefined) line += ` -G ${q(spec.glob)}`
  if (spec.wordlist !== undefined) line += ` -W ${q(spec.wordlist)}`
  if (spec.command !== undefined) line += ` -C ${q(spec.command)}`
  if (spec.filter !== undefined) line += ` -X ${q(spec.filter)}`
  if (spec.prefix !== "") line += ` -P ${q(spec.prefix)}`
  if (spec.suffix !== "") line += ` -S ${q(spec.suffix)}`
  if (spec.fn !== undefined) line += ` -F ${spec.fn}`
  return `${line} ${name}`
}

/** `complete`: specs are stored per command name and listed with `-p`; `-r` removes them. */
export const completeBuiltin: ShellBuiltin = {
  name: "complete",
  run: (ctx) =>
    Effect.gen(function* () {
      const parsed = yield* parseSpec(ctx, "complete", "prDEI")
      if ("error" in parsed) return parsed.error
      const store = ctx.shell.state.completions
      const { flags, rest, spec } = parsed
      const empty = spec.actions.length === 0 && spec.wordlist === undefined && spec.glob === undefined && spec.fn === undefined && spec.command === undefined && spec.options.length === 0
      if (flags.includes("r")) {
        if (rest.length === 0) store.clear()
        let status = 0
        for (const n of rest) {
          if (!store.delete(n)) {
            yield* ctx.shell.errorLine(`complete: ${n}: no completion specification`)
            status = 1
          }
        }
        return status
      }
      if (flags.includes("p") || (empty && !flags.some((f) => "DEI".includes(f)))) {
        const names = rest.length > 0 ? rest : [...store.keys()]
        let status = 0
        for (const n of names) {
          const line = store.get(n)
          if (line === undefined) {
            yield* ctx.shell.errorLine(`complete: ${n}: no completion specification`)
            status = 1
          } else yield* ctx.stdout.write(`${line}\n`)
        }
        return status
      }
      const targets = [...rest, ...flags.filter((f) => "DEI".includes(f)).map((f) => ({ D: "-D", E: "-E", I: "-I" })[f]!)]
      for (const n of targets) store.set(n, n.startsWith("-") ? printSpec(spec, "").trimEnd().replace(/^complete/, `complete ${n}`) : printSpec(spec, n))
      return 0
    })
}
