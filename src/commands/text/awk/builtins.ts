/** Compilation of awk's built-in functions (the effect-free ones; see effects.ts for the rest). */
import type { Expr } from "./ast.js"
import type { Compiler, SyncExpr } from "./compile.js"
import { CompileError } from "./compile.js"
import { sortedKeys } from "./order.js"
import { splitWithSeparators } from "./fields.js"
import { MawkArray } from "./mawkArray.js"
import { compileAwkRegex, regexExec } from "./regex.js"
import type { AwkArray, Runtime } from "./runtime.js"
import { SPECIAL_INDEX } from "./runtime.js"
import { awkSprintf, charLength, gensubReplace, subReplace, substr } from "./strings.js"
import { formatTime, makeTime } from "./time.js"
import { compareValues, StrNum, toNumber, type Value } from "./values.js"

type BuiltinExpr = Extract<Expr, { _tag: "Builtin" }>

const arity = (e: BuiltinExpr, min: number, max: number): void => {
  if (e.args.length < min || e.args.length > max) {
    throw new CompileError(`${e.args.length < min ? "too few" : "too many"} arguments in call to \`${e.name}'`)
  }
}

const arrayArgument = (c: Compiler, e: BuiltinExpr, index: number): ((rt: Runtime) => AwkArray) => {
  const arg = e.args[index]
  if (arg?._tag !== "Var") throw new CompileError(`${e.name}: argument ${index + 1} is not an array`)
  return c.arrayRef(arg.name)
}

const toInteger = (v: Value): bigint => BigInt(Math.trunc(toNumber(v)) || 0)
const MASK53 = (1n << 53n) - 1n

/** Is this argument a bare name that may hold an array (for `length(arr)`)? */
const cellReader = (c: Compiler, arg: Expr): ((rt: Runtime) => Value | AwkArray) | undefined => {
  if (arg._tag !== "Var" || SPECIAL_INDEX.has(arg.name)) return undefined
  const local = c.current?.locals.get(arg.name)
  if (local !== undefined) return (rt) => rt.frame[local]
  const slot = c.globalSlot(arg.name)
  return (rt) => rt.globals[slot]
}

export const callBuiltin = (c: Compiler, e: BuiltinExpr): SyncExpr => {
  const args = e.args
  const arg = (i: number): SyncExpr => c.expr(args[i]!)
  const num = (i: number): ((rt: Runtime) => number) => {
    const f = arg(i)
    return (rt) => toNumber(f(rt))
  }
  const str = (i: number): ((rt: Runtime) => string) => {
    const f = arg(i)
    return (rt) => rt.str(f(rt))
  }
  switch (e.name) {
    case "length": {
      arity(e, 0, 1)
      if (args.length === 0) return (rt) => charLength(rt.recordText)
      const cell = cellReader(c, args[0]!)
      if (cell !== undefined) {
        return (rt) => {
          const v = cell(rt)
          return v instanceof Map ? v.size : charLength(rt.str(v))
        }
      }
      const s = str(0)
      return (rt) => charLength(s(rt))
    }
    case "substr": {
      arity(e, 2, 3)
      const s = str(0)
      const start = num(1)
      const length = args.length === 3 ? num(2) : undefined
      return (rt) => substr(s(rt), start(rt), length === undefined ? undefined : length(rt))
    }
    case "index": {
      arity(e, 2, 2)
      const s = str(0)
      const t = str(1)
      return (rt) => {
        const hay = s(rt)
        const i = hay.indexOf(t(rt))
        return i < 0 ? 0 : charLength(hay.slice(0, i)) + 1
      }
    }
    case "split":
    case "patsplit": {
      arity(e, 2, 4)
      const s = str(0)
      const array = arrayArgument(c, e, 1)
      const seps = args.length === 4 ? arrayArgument(c, e, 3) : undefined
      const sepArg = args[2]
      const regexLiteral = sepArg?._tag === "Regex" ? sepArg.source : undefined
      const sep = sepArg === undefined || regexLiteral !== undefined ? undefined : c.expr(sepArg)
      const patsplit = e.name === "patsplit"
      return (rt) => {
        const text = s(rt)
        const target = array(rt)
        const fs = sep === undefined ? rt.fs : rt.str(sep(rt))
        const re = regexLiteral !== undefined ? compileAwkRegex(regexLiteral, rt.regexMode, rt.regexMeter) : undefined
        target.clear()
        const separators = seps?.(rt)
        separators?.clear()
        if (patsplit) {
          const pattern = re ?? compileAwkRegex(fs, rt.regexMode, rt.regexMeter)
          let from = 0
          let n = 0
          let last = 0
          while (from <= text.length) {
            const m = regexExec(pattern, text, from)
            if (m === undefined) break
            if (m.end === m.index) {
              from = m.index + 1
              continue
            }
            separators?.set(String(n), new StrNum(text.slice(last, m.index)))
            target.set(String(++n), new StrNum(text.slice(m.index, m.end)))
            last = from = m.end
          }
          if (last < text.length) separators?.set(String(n), new StrNum(text.slice(last)))
          return n
        }
        if (separators === undefined && re === undefined) {
          const fields = rt.splitterFor(fs)(text)
          for (let i = 0; i < fields.length; i++) target.set(String(i + 1), new StrNum(fields[i]!))
          if (target instanceof MawkArray) target.table.load(fields.length)
          return fields.length
        }
        const { fields, seps: found } = splitWithSeparators(text, fs, rt.regexMode, re)
        for (let i = 0; i < fields.length; i++) target.set(String(i + 1), new StrNum(fields[i]!))
        if (target instanceof MawkArray) target.table.load(fields.length)
        if (separators !== undefined) found.forEach((v, i) => v !== undefined && separators.set(String(i), new StrNum(v)))
        return fields.length
      }
    }
    case "sub":
    case "gsub": {
      arity(e, 2, 3)
      const re = c.regexOf(args[0]!)
      const replacement = str(1)
      const target: Expr = args[2] ?? { _tag: "Field", index: { _tag: "Num", value: 0 } }
      const global = e.name === "gsub"
      if (target._tag !== "Var" && target._tag !== "Index" && target._tag !== "Field") {
        // gawk allows a non-lvalue target (the result is discarded).
        const value = c.expr(target)
        return (rt) => subReplace(re(rt), rt.str(value(rt)), replacement(rt), global, rt.progress).count
      }
      const read = c.readLValue(target)
      const write = c.writeLValue(target)
      return (rt) => {
        const regex = re(rt)
        const repl = replacement(rt)
        const result = subReplace(regex, rt.str(read(rt)), repl, global, rt.progress)
        if (result.count > 0) write(rt, result.text)
        return result.count
      }
    }
    case "gensub": {
      arity(e, 3, 4)
      const re = c.regexOf(args[0]!)
      const replacement = str(1)
      const how = arg(2)
      const target = args.length === 4 ? str(3) : (rt: Runtime) => rt.recordText
      return (rt) => gensubReplace(re(rt), target(rt), replacement(rt), how(rt), rt.progress)
    }
    case "match": {
      arity(e, 2, 3)
      const s = str(0)
      const re = c.regexOf(args[1]!)
      const array = args.length === 3 ? arrayArgument(c, e, 2) : undefined
      return (rt) => {
        const text = s(rt)
        const m = regexExec(re(rt), text, 0)
        const captures = array?.(rt)
        captures?.clear()
        if (m === undefined) {
          rt.setSpecial(SPECIAL_INDEX.get("RSTART")!, 0)
          rt.setSpecial(SPECIAL_INDEX.get("RLENGTH")!, -1)
          return 0
        }
        const start = charLength(text.slice(0, m.index)) + 1
        const matched = text.slice(m.index, m.end)
        rt.setSpecial(SPECIAL_INDEX.get("RSTART")!, start)
        rt.setSpecial(SPECIAL_INDEX.get("RLENGTH")!, charLength(matched))
        if (captures !== undefined) {
          captures.set("0", new StrNum(matched))
          captures.set(`0${rt.subsep}start`, start)
          captures.set(`0${rt.subsep}length`, charLength(matched))
          let offset = m.index
          m.groups.forEach((group, i) => {
            if (group === undefined) return
            captures.set(String(i + 1), new StrNum(group))
            // Group positions are not reported by the engine; locate the group from the match start.
            const at = text.indexOf(group, offset)
            const groupStart = at < 0 ? m.index : at
            captures.set(`${i + 1}${rt.subsep}start`, charLength(text.slice(0, groupStart)) + 1)
            captures.set(`${i + 1}${rt.subsep}length`, charLength(group))
            offset = Math.max(offset, groupStart)
          })
        }
        return start
      }
    }
    case "sprintf": {
      if (args.length === 0) throw new CompileError("sprintf: no arguments")
      const all = args.map((a) => c.expr(a))
      return (rt) => {
        const values = all.map((a) => a(rt))
        return awkSprintf(rt.str(values[0]), values.slice(1), (v) => rt.str(v), (m) => rt.fatal(m), rt.cPrintf, rt.progress)
      }
    }
    case "tolower": {
      arity(e, 1, 1)
      const s = str(0)
      return (rt) => s(rt).toLowerCase()
    }
    case "toupper": {
      arity(e, 1, 1)
      const s = str(0)
      return (rt) => s(rt).toUpperCase()
    }
    case "sin":
    case "cos":
    case "exp":
    case "sqrt":
    case "int":
    case "log": {
      arity(e, 1, 1)
      const x = num(0)
      const f = e.name === "int" ? Math.trunc : (Math[e.name as "sin"] as (x: number) => number)
      return (rt) => f(x(rt))
    }
    case "atan2": {
      arity(e, 2, 2)
      const y = num(0)
      const x = num(1)
      return (rt) => Math.atan2(y(rt), x(rt))
    }
    case "rand":
      arity(e, 0, 0)
      return (rt) => rt.rand()
    case "srand": {
      arity(e, 0, 1)
      const seed = args.length === 1 ? num(0) : (_rt: Runtime) => Math.floor(Date.now() / 1000)
      return (rt) => rt.srand(seed(rt))
    }
    case "and":
    case "or":
    case "xor": {
      if (args.length < 2) throw new CompileError(`${e.name}: called with less than two arguments`)
      const all = args.map((a) => c.expr(a))
      const op = e.name
      return (rt) => {
        let acc = toInteger(all[0]!(rt))
        for (let i = 1; i < all.length; i++) {
          const v = toInteger(all[i]!(rt))
          acc = op === "and" ? acc & v : op === "or" ? acc | v : acc ^ v
        }
        return Number(acc & MASK53)
      }
    }
    case "lshift":
    case "rshift": {
      arity(e, 2, 2)
      const x = arg(0)
      const n = arg(1)
      const left = e.name === "lshift"
      return (rt) => {
        const v = toInteger(x(rt))
        const s = toInteger(n(rt))
        return Number((left ? v << s : v >> s) & MASK53)
      }
    }
    case "compl": {
      arity(e, 1, 1)
      const x = arg(0)
      return (rt) => Number(~toInteger(x(rt)) & MASK53)
    }
    case "strtonum": {
      arity(e, 1, 1)
      const x = arg(0)
      return (rt) => {
        const v = x(rt)
        if (typeof v === "number") return v
        const text = rt.str(v).trim()
        if (/^[-+]?0[xX][0-9a-fA-F]+/.test(text)) {
          const m = /^([-+]?)0[xX]([0-9a-fA-F]+)/.exec(text)!
          return (m[1] === "-" ? -1 : 1) * parseInt(m[2]!, 16)
        }
        if (/^0[0-7]+$/.test(text)) return parseInt(text, 8)
        return toNumber(text)
      }
    }
    case "asort":
    case "asorti": {
      arity(e, 1, 3)
      const source = arrayArgument(c, e, 0)
      const dest = args.length >= 2 ? arrayArgument(c, e, 1) : undefined
      const byIndex = e.name === "asorti"
      return (rt) => {
        const src = source(rt)
        const items: Array<Value> = byIndex ? sortedKeys(src).map((k) => k) : Array.from(src.values())
        if (!byIndex) {
          const rank = (v: Value): number => (typeof v === "number" || (v instanceof StrNum && v.numeric) ? 0 : 1)
          items.sort((a, b) => rank(a) - rank(b) || compareValues(a, b, rt.convfmt))
        } else items.sort((a, b) => ((a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0))
        const target = dest?.(rt) ?? src
        target.clear()
        items.forEach((v, i) => target.set(String(i + 1), v))
        return items.length
      }
    }
    case "isarray": {
      arity(e, 1, 1)
      const cell = cellReader(c, args[0]!)
      return cell === undefined ? () => 0 : (rt) => (cell(rt) instanceof Map ? 1 : 0)
    }
    case "typeof": {
      arity(e, 1, 2)
      const cell = cellReader(c, args[0]!)
      const value = cell ?? arg(0)
      return (rt) => {
        const v = value(rt)
        if (v instanceof Map) return "array"
        if (v === undefined) return "untyped"
        if (typeof v === "number") return "number"
        if (typeof v === "string") return "string"
        return v.numeric ? "strnum" : "string"
      }
    }
    case "systime":
      arity(e, 0, 0)
      return () => Math.floor(Date.now() / 1000)
    case "strftime": {
      arity(e, 0, 3)
      const format = args.length >= 1 ? str(0) : () => "%a %b %e %H:%M:%S %Z %Y"
      const time = args.length >= 2 ? num(1) : () => Math.floor(Date.now() / 1000)
      const utc = args.length >= 3 ? arg(2) : () => 0
      return (rt) => formatTime(format(rt), time(rt), toNumber(utc(rt)) !== 0 || rt.str(utc(rt)) !== "" && rt.str(utc(rt)) !== "0")
    }
    case "mktime": {
      arity(e, 1, 2)
      const spec = str(0)
      return (rt) => makeTime(spec(rt))
    }
    default:
      throw new CompileError(`internal: builtin \`${e.name}' needs the effect compiler`)
  }
}
