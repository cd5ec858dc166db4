import { Effect } from "effect"
import type { CommandContext } from "../../Command.js"
import { fnmatch } from "../support/fnmatch.js"
import { applyMode, parseMode } from "../support/mode.js"
import { parseDateString } from "../support/dates.js"
import { lookupGroup, lookupUser } from "../support/users.js"
import { regexMeter } from "../../text/regex/meter.js"
import { SafeRegExp } from "../../text/regex/SafeRegExp.js"
import { and, test, type Action, type Expr, type Node } from "./ast.js"

export interface FindPlan {
  readonly paths: ReadonlyArray<string>
  readonly expr: Expr
  readonly maxDepth: number
  readonly minDepth: number
  readonly depthFirst: boolean
  readonly follow: "never" | "commandLine" | "always"
  /** Files written by -fprint and friends, in the order they were named. */
  readonly outputs: ReadonlyArray<string>
}

/** A parse failure: the message after `find: `. */
export class FindParseError {
  constructor(readonly message: string) {}
}

const TYPE_LETTERS: Record<string, string> = { f: "file", d: "directory", l: "symlink", p: "fifo", c: "chardev", b: "block", s: "socket", D: "door" }

/** `+N`, `-N`, `N` comparisons of find's numeric tests. */
const numericTest = (text: string, predicate: string): ((value: number) => boolean) => {
  const match = /^([+-]?)(\d+(?:\.\d+)?)$/.exec(text)
  if (match === null) throw new FindParseError(`invalid argument \`${text}' to \`${predicate}'`)
  const n = Number(match[2])
  if (match[1] === "+") return (v) => v > n
  if (match[1] === "-") return (v) => v < n
  return (v) => v === n
}

const SIZE_UNITS: Record<string, number> = { c: 1, w: 2, b: 512, k: 1024, M: 1024 ** 2, G: 1024 ** 3 }

/** Translate an emacs-style regex (find's default) to a JavaScript one. */
const emacsToJs = (source: string): string => {
  let out = ""
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!
    if (ch === "\\" && i + 1 < source.length) {
      const next = source[++i]!
      if ("()|{}".includes(next)) out += next
      else out += `\\${next}`
    } else if ("()|{}".includes(ch)) out += `\\${ch}`
    else out += ch
  }
  return out
}

const NEEDS_ARG = new Set([
  "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-type", "-xtype", "-size",
  "-mtime", "-mmin", "-atime", "-amin", "-ctime", "-cmin", "-newer", "-anewer", "-cnewer", "-perm", "-user", "-group",
  "-uid", "-gid", "-links", "-inum", "-lname", "-ilname", "-maxdepth", "-mindepth", "-printf", "-fprint", "-fprint0", "-fls", "-regextype",
  "-samefile", "-used", "-newermt"
])

/** Parse find's argv into start points and an expression (effectful for -newer references). */
export const parseFind = (ctx: CommandContext, argv: ReadonlyArray<string>, nowMs: number): Effect.Effect<FindPlan | FindParseError> =>
  Effect.gen(function* () {
    let i = 0
    let follow: FindPlan["follow"] = "never"
    while (i < argv.length && /^-[HLP]+$/.test(argv[i]!)) {
      const last = argv[i]!.slice(-1)
      follow = last === "L" ? "always" : last === "H" ? "commandLine" : "never"
      i++
    }
    const paths: Array<string> = []
    while (i < argv.length) {
      const arg = argv[i]!
      if ((arg.startsWith("-") && arg !== "-") || arg === "!" || arg === "(") break
      paths.push(arg)
      i++
    }
    const tokens = argv.slice(i)
    let pos = 0
    let maxDepth = Number.POSITIVE_INFINITY
    let minDepth = 0
    let depthFirst = false
    let hasAction = false
    let regexType = "emacs"
    let execId = 0
    const outputs: Array<string> = []
    const references = new Map<string, number>()

    // Resolve -newer references before the synchronous parse.
    for (let k = 0; k < tokens.length - 1; k++) {
      const t = tokens[k]!
      if (t === "-newer" || t === "-anewer" || t === "-cnewer" || t === "-samefile") {
        const ref = tokens[k + 1]!
        const stat = yield* Effect.either(ctx.fs.stat(ctx.resolvePath(ref)))
        if (stat._tag === "Left") return new FindParseError(`'${ref}': No such file or directory`)
        references.set(`${t}:${ref}`, t === "-samefile" ? stat.right.ino : t === "-anewer" ? stat.right.atimeMs : t === "-cnewer" ? stat.right.ctimeMs : stat.right.mtimeMs)
      }
    }

    const parsePrimary = (): Expr => {
      const token = tokens[pos++]
      if (token === undefined) throw new FindParseError("expected an expression")
      if (token === "(") {
        const inner = parseComma()
        if (tokens[pos] !== ")") throw new FindParseError("invalid expression; I was expecting to find a ')' somewhere but did not see one.")
        pos++
        return inner
      }
      if (token === "!" || token === "-not") return { _tag: "Not", expr: parsePrimary() }
      if (!token.startsWith("-")) throw new FindParseError(`paths must precede expression: \`${token}'`)
      const arg = (): string => {
        if (pos >= tokens.length) throw new FindParseError(`missing argument to \`${token}'`)
        return tokens[pos++]!
      }
      if (NEEDS_ARG.has(token) && pos >= tokens.length) throw new FindParseError(`missing argument to \`${token}'`)
      const action = (a: Action): Expr => {
        hasAction = true
        return { _tag: "Action", action: a }
      }
      /** A file an action prints to: created (emptied) before the search, as GNU opens it. */
      const output = (file: string): string => {
        if (!outputs.includes(file)) outputs.push(file)
        return file
      }
      switch (token) {
        case "-name":
        case "-iname": {
          const pattern = arg()
          const fold = token === "-iname"
          return test(token, (n) => fnmatch(pattern, n.name, fold, ctx.budget))
        }
        case "-path":
        case "-wholename":
        case "-ipath":
        case "-iwholename": {
          const pattern = arg()
          const fold = token.startsWith("-i")
          return test(token, (n) => fnmatch(pattern, n.shown, fold, ctx.budget))
        }
        case "-lname":
        case "-ilname": {
          const pattern = arg()
          return test(token, (n) => n.linkTarget !== undefined && fnmatch(pattern, n.linkTarget, token === "-ilname", ctx.budget))
        }
        case "-regex":
        case "-iregex": {
          const source = arg()
          let regex: RegExp
          try {
            regex = new SafeRegExp(`^(?:${regexType === "emacs" ? emacsToJs(source) : source})$`, token === "-iregex" ? "i" : "", {
              longest: true,
              meter: regexMeter(ctx.budget, "find")
            })
          } catch {
            throw new FindParseError(`Invalid regular expression: ${source}`)
          }
          return test(token, (n) => regex.test(n.shown))
        }
        case "-regextype":
          regexType = arg()
          return test(token, () => true)
        case "-type":
        case "-xtype": {
          const letters = arg()
          const types = letters.split(",")
          for (const t of types) if (TYPE_LETTERS[t] === undefined) throw new FindParseError(`Unknown argument to ${token}: ${t}`)
          const wanted = new Set(types.map((t) => TYPE_LETTERS[t]!))
          if (token === "-type") return test(token, (n) => wanted.has(n.stat.type))
          // -xtype: the type on the other side of a symlink (the link itself when following).
          return test(token, (n) =>
            wanted.has(n.followedLink === true ? "symlink" : n.stat.type === "symlink" ? (n.targetType ?? "symlink") : n.stat.type)
          )
        }
        case "-size": {
          const text = arg()
          const match = /^([+-]?)(\d+)([cwbkMG]?)$/.exec(text)
          if (match === null) throw new FindParseError(`invalid -size type \`${text}'`)
          const unit = SIZE_UNITS[match[3] || "b"]!
          const compare = numericTest(`${match[1]}${match[2]}`, token)
          return test(token, (n) => compare(Math.ceil(n.stat.size / unit)))
        }
        case "-mtime":
        case "-atime":
        case "-ctime": {
          const compare = numericTest(arg(), token)
          const field = token === "-mtime" ? "mtimeMs" : token === "-atime" ? "atimeMs" : "ctimeMs"
          return test(token, (n) => compare(Math.floor((nowMs - n.stat[field]) / 86_400_000)))
        }
        case "-mmin":
        case "-amin":
        case "-cmin": {
          const text = arg()
          const compare = numericTest(text, token)
          const field = token === "-mmin" ? "mtimeMs" : token === "-amin" ? "atimeMs" : "ctimeMs"
          return test(token, (n) => {
            const minutes = (nowMs - n.stat[field]) / 60_000
            return /^[+-]/.test(text) ? compare(minutes) : compare(Math.ceil(minutes))
          })
        }
        case "-newer":
        case "-anewer":
        case "-cnewer": {
          const ref = references.get(`${token}:${arg()}`)!
          return test(token, (n) => n.stat.mtimeMs > ref)
        }
        case "-newermt": {
          const text = arg()
          const ref = parseDateString(text, nowMs, ctx.env.TZ)
          if (ref === undefined) throw new FindParseError(`I cannot figure out how to interpret \`${text}' as a date or time`)
          return test(token, (n) => n.stat.mtimeMs > ref)
        }
        case "-samefile": {
          const ino = references.get(`${token}:${arg()}`)!
          return test(token, (n) => n.stat.ino === ino)
        }
        case "-empty":
          return test(token, (n) => (n.stat.type === "directory" ? n.entryCount === 0 : n.stat.type === "file" && n.stat.size === 0))
        case "-perm": {
          const text = arg()
          const kind = text[0] === "-" ? "all" : text[0] === "/" || text[0] === "+" ? "any" : "exact"
          const modeText = kind === "exact" ? text : text.slice(1)
          const change = parseMode(modeText)
          if (change === undefined) throw new FindParseError(`invalid mode \`${text}'`)
          const bits = applyMode(change, 0, false, 0)
          if (kind === "all") return test(token, (n) => (n.stat.mode & bits) === bits)
          if (kind === "any") return test(token, (n) => bits === 0 || (n.stat.mode & bits) !== 0)
          return test(token, (n) => (n.stat.mode & 0o7777) === bits)
        }
        case "-user":
        case "-uid": {
          const name = arg()
          const uid = lookupUser(ctx.identity, name)
          if (uid === undefined) throw new FindParseError(`'${name}' is not the name of a known user`)
          return test(token, (n) => n.stat.uid === uid)
        }
        case "-group":
        case "-gid": {
          const name = arg()
          const gid = lookupGroup(ctx.identity, name)
          if (gid === undefined) throw new FindParseError(`'${name}' is not the name of an existing group`)
          return test(token, (n) => n.stat.gid === gid)
        }
        case "-nouser":
          return test(token, (n) => n.stat.uid !== 0 && n.stat.uid !== ctx.identity.uid)
        case "-nogroup":
          return test(token, (n) => n.stat.gid !== 0 && n.stat.gid !== ctx.identity.gid)
        case "-links": {
          const compare = numericTest(arg(), token)
          return test(token, (n) => compare(n.stat.nlink))
        }
        case "-inum": {
          const compare = numericTest(arg(), token)
          return test(token, (n) => compare(n.stat.ino))
        }
        case "-used":
          arg()
          return test(token, () => false)
        case "-readable":
          return test(token, (n) => (n.stat.mode & 0o444) !== 0)
        case "-writable":
          return test(token, (n) => (n.stat.mode & 0o222) !== 0)
        case "-executable":
          return test(token, (n) => (n.stat.mode & 0o111) !== 0)
        case "-true":
          return test(token, () => true)
        case "-false":
          return test(token, () => false)
        case "-maxdepth":
        case "-mindepth": {
          const text = arg()
          if (!/^\d+$/.test(text)) throw new FindParseError(`Expected a positive decimal integer argument to ${token}, but got \`${text}'`)
          if (token === "-maxdepth") maxDepth = Number(text)
          else minDepth = Number(text)
          return test(token, () => true)
        }
        case "-depth":
        case "-d":
          depthFirst = true
          return test(token, () => true)
        case "-follow":
          follow = "always"
          return test(token, () => true)
        case "-xdev":
        case "-mount":
        case "-noleaf":
        case "-ignore_readdir_race":
        case "-noignore_readdir_race":
        case "-daystart":
        case "-nowarn":
        case "-warn":
          return test(token, () => true)
        case "-print":
          return action({ _tag: "Print", terminator: "\n" })
        case "-print0":
          return action({ _tag: "Print", terminator: "\0" })
        case "-printf":
          return action({ _tag: "Printf", format: arg() })
        case "-ls":
          return action({ _tag: "Ls" })
        case "-fprint":
          return action({ _tag: "Print", terminator: "\n", file: output(arg()) })
        case "-fprint0":
          return action({ _tag: "Print", terminator: "\0", file: output(arg()) })
        case "-fls":
          return action({ _tag: "Ls", file: output(arg()) })
        case "-fprintf": {
          const file = output(arg())
          return action({ _tag: "Printf", format: arg(), file })
        }
        case "-delete":
          depthFirst = true
          return action({ _tag: "Delete" })
        case "-prune":
          return { _tag: "Action", action: { _tag: "Prune" } }
        case "-quit":
          return { _tag: "Action", action: { _tag: "Quit" } }
        case "-exec":
        case "-execdir":
        case "-ok":
        case "-okdir": {
          const command: Array<string> = []
          let batch = false
          for (;;) {
            const word = tokens[pos++]
            if (word === undefined) throw new FindParseError(`missing argument to \`${token}'`)
            if (word === ";") break
            if (word === "+" && command.length > 0 && command[command.length - 1] === "{}" && !token.startsWith("-ok")) {
              batch = true
              command.pop()
              break
            }
            command.push(word)
          }
          if (command.length === 0) throw new FindParseError(`missing argument to \`${token}'`)
          return action({ _tag: "Exec", argv: command, batch, inDir: token.endsWith("dir"), confirm: token.startsWith("-ok"), id: execId++ })
        }
        default:
          throw new FindParseError(`unknown predicate \`${token}'`)
      }
    }

    const parseUnary = (): Expr => parsePrimary()
    const parseAnd = (): Expr => {
      let left = parseUnary()
      for (;;) {
        const next = tokens[pos]
        if (next === undefined || next === ")" || next === "-o" || next === "-or" || next === ",") return left
        if (next === "-a" || next === "-and") pos++
        left = and(left, parseUnary())
      }
    }
    const parseOr = (): Expr => {
      let left = parseAnd()
      while (tokens[pos] === "-o" || tokens[pos] === "-or") {
        pos++
        left = { _tag: "Or", left, right: parseAnd() }
      }
      return left
    }
    const parseComma = (): Expr => {
      let left = parseOr()
      while (tokens[pos] === ",") {
        pos++
        left = { _tag: "Comma", left, right: parseOr() }
      }
      return left
    }

    try {
      let expr: Expr = tokens.length === 0 ? test("-true", () => true) : parseComma()
      if (pos < tokens.length) {
        const stray = tokens[pos]!
        if (stray === ")") return new FindParseError("invalid expression; you have too many ')'")
        return new FindParseError(`paths must precede expression: \`${stray}'`)
      }
      if (!hasAction) expr = and(expr, { _tag: "Action", action: { _tag: "Print", terminator: "\n" } })
      return { paths: paths.length === 0 ? ["."] : paths, expr, maxDepth, minDepth, depthFirst, follow, outputs }
    } catch (error) {
      if (error instanceof FindParseError) return error
      throw error
    }
  })
