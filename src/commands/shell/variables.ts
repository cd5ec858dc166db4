import { Effect, Either } from "effect"
import { describeVariable } from "../../expansion/quoting.js"

export { describeVariable }
import { toExecFailure, toExpansionFailed, type ShellBuiltin, type ShellBuiltinContext } from "../../interpreter/Interpreter.js"
import { Attr, AssocArray, IndexedArray, isValidName, type Variable } from "../../interpreter/variables.js"
import { printFunction } from "../../parser/printer.js"
import { saveLocalOptions } from "../../interpreter/localOptions.js"
import { traceWord } from "../../interpreter/trace.js"
import { parseScript } from "../../parser/Parser.js"
import { functionAttrs, functionFlags, setFunctionAttrs } from "../../interpreter/functionAttrs.js"
import { setListing } from "./options.js"
import { invalidOption, optionError, scanOptions } from "./usage.js"

/** declare/typeset/local/export/readonly/unset. */

const attrLetters: Record<string, number> = {
  a: Attr.indexed,
  A: Attr.assoc,
  i: Attr.integer,
  l: Attr.lower,
  u: Attr.upper,
  c: Attr.capitalize,
  n: Attr.nameref,
  r: Attr.readonly,
  x: Attr.export,
  t: Attr.trace
}


/** Parse an assignment argument of declare (`name`, `name=value`, `name[i]=v`, `name=(a b)`). */
const parseAssignmentArg = (arg: string) => {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(\[.*?\])?(\+?=)?(.*)$/s.exec(arg)
  if (m === null || (m[3] === undefined && m[4] !== "")) return undefined
  return { name: m[1]!, index: m[2], op: m[3], value: m[4] ?? "" }
}

const PLAIN_LOCAL = /^([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$/s
const SPECIAL_ATTRS = Attr.readonly | Attr.nameref | Attr.indexed | Attr.assoc | Attr.integer | Attr.lower | Attr.upper | Attr.capitalize

/**
 * `local a=1 b` in a function, with plain names and values and no attributes in play: the
 * commonest declaration (every recursive function has one), without the option machinery.
 * Undefined when anything needs the general path.
 */
const plainLocal = (ctx: ShellBuiltinContext): Effect.Effect<number> | undefined => {
  const shell = ctx.shell
  const state = shell.state
  const scope = state.locals[state.locals.length - 1]
  if (ctx.args.length === 0 || shell.functionDepth === 0 || scope === undefined || shell.compoundDeclarationWords.size > 0 || state.shopt["localvar_inherit"] === true) return undefined
  for (const arg of ctx.args) {
    const m = PLAIN_LOCAL.exec(arg)
    if (m === null) return undefined
    const current = scope.get(m[1]!) ?? state.peek(m[1]!)
    if (current !== undefined && (current.attrs & SPECIAL_ATTRS) !== 0) return undefined
  }
  for (const arg of ctx.args) {
    const eq = arg.indexOf("=")
    const name = eq < 0 ? arg : arg.slice(0, eq)
    state.declare(name, { local: true })
    if (eq >= 0) state.setScalar(name, arg.slice(eq + 1))
  }
  return Effect.succeed(0)
}

const declareLike = (name: string, defaults: { local?: boolean; attrsOn?: number; global?: boolean }): ShellBuiltin => ({
  name,
  special: name === "export" || name === "readonly",
  run: (ctx) =>
    (name === "local" ? plainLocal(ctx) : undefined) ??
    Effect.gen(function* () {
      const shell = ctx.shell
      const state = shell.state
      let on = defaults.attrsOn ?? 0
      let off = 0
      let print = false
      let functions = false
      let functionNames = false
      let global = defaults.global === true
      let removeExport = false
      /** -I: a new local starts with the value and attributes of the variable it shadows. */
      let inherit = false
      const operands: Array<string> = []
      if (name === "local" && shell.functionDepth === 0) {
        yield* shell.errorLine("local: can only be used in a function")
        // bash 5.2 still performs `name=(...)` operands (as global assignments): it assigns
        // compound values while expanding the words, before `local` itself fails.
        for (const index of shell.compoundDeclarationWords) {
          const operand = ctx.args[index - 1]
          const parsed = operand === undefined ? undefined : parseScript(operand)
          const cmd = parsed?._tag === "Right" ? parsed.right.statements[0]?.body.first.commands[0] : undefined
          const assignment = cmd?._tag === "SimpleCommand" ? cmd.assignments[0] : undefined
          if (assignment !== undefined) yield* shell.performAssignment(assignment, {})
        }
        return 1
      }
      let i = 0
      for (; i < ctx.args.length; i++) {
        const arg = ctx.args[i]!
        if (arg === "--") {
          i++
          break
        }
        if (!/^[-+][a-zA-Z]+$/.test(arg)) break
        const enable = arg[0] === "-"
        for (const c of arg.slice(1)) {
          if (c === "p") print = true
          else if (c === "f") functions = true
          else if (c === "F") functionNames = true
          else if (c === "g") global = true
          else if (c === "n" && name === "export") removeExport = true
          else if (c === "I" && name !== "export" && name !== "readonly") inherit = enable
          else if (attrLetters[c] !== undefined) {
            if (enable) on |= attrLetters[c]!
            else off |= attrLetters[c]!
          } else return yield* invalidOption(ctx, name, `${arg[0]}${c}`)
        }
      }
      const firstOperand = i
      const compoundWords = shell.compoundDeclarationWords
      for (; i < ctx.args.length; i++) operands.push(ctx.args[i]!)
      // -l and -u exclude each other: setting one clears the other, asking for both sets neither.
      const caseBits = Attr.upper | Attr.lower
      if ((on & caseBits) === caseBits) {
        on &= ~caseBits
        off |= caseBits
      } else if ((on & Attr.upper) !== 0) off |= Attr.lower
      else if ((on & Attr.lower) !== 0) off |= Attr.upper
      if (functions || functionNames) {
        const listing = operands.length === 0
        const fnBits = Attr.export | Attr.readonly
        const fnOn = (on & fnBits) | (name === "export" && !removeExport ? Attr.export : 0)
        const fnOff = (off & fnBits) | (removeExport ? Attr.export : 0)
        let status = 0
        if (!listing && !print && (fnOn | fnOff) !== 0) {
          // `export -f f`, `readonly -f f`, `declare -fx f`: set attributes, print nothing.
          for (const n of operands) {
            const def = state.functions.get(n)
            if (def === undefined) {
              yield* shell.errorLine(`${name}: ${n}: not a function`)
              status = 1
            } else setFunctionAttrs(def, fnOn, fnOff)
          }
          return status
        }
        const names = listing ? [...state.functions.keys()].sort() : operands
        let out = ""
        for (const n of names) {
          const def = state.functions.get(n)
          if (def === undefined) {
            status = 1
            continue
          }
          if (listing && (functionAttrs(def) & fnOn) !== fnOn) continue
          const flags = functionFlags(def)
          // `declare -F NAME` prints the bare name; listings print `declare -f NAME` lines, and
          // full definitions are followed by the attribute line when there are attributes.
          if (functionNames) out += listing ? `declare -${flags} ${n}\n` : `${n}\n`
          else out += `${printFunction(def)}\n${flags === "f" ? "" : `declare -${flags} ${n}\n`}`
        }
        yield* ctx.stdout.write(out)
        return status
      }
      if (operands.length === 0) {
        // `declare` alone lists as `set` does (NAME=VALUE, then the functions).
        if ((name === "declare" || name === "typeset") && on === 0 && off === 0 && !print && !global) {
          yield* ctx.stdout.write(setListing(state))
          return 0
        }
        const filter = on & ~Attr.nameref
        // `local` alone lists the innermost function scope only (sorted, as bash lists).
        const scope = name === "local" ? state.locals[state.locals.length - 1] : undefined
        let out = ""
        for (const n of scope !== undefined ? [...scope.keys()].sort() : state.variableNames()) {
          const v = scope !== undefined ? scope.get(n) : state.findRaw(n)?.variable
          if (v === undefined) continue
          if (filter !== 0 && (v.attrs & filter) !== filter) continue
          if ((name === "export" || name === "readonly") && (v.attrs & (defaults.attrsOn ?? 0)) === 0) continue
          out += `${describeVariable(n, v)}\n`
        }
        yield* ctx.stdout.write(out)
        return 0
      }
      let status = 0
      for (let k = 0; k < operands.length; k++) {
        const operand = operands[k]!
        if (name === "local" && operand === "-") {
          saveLocalOptions(state)
          continue
        }
        if (print) {
          const v = state.findRaw(operand)?.variable ?? state.computedVariable(operand)
          if (v === undefined) {
            yield* shell.errorLine(`${name}: ${operand}: not found`)
            status = 1
          } else yield* ctx.stdout.write(`${describeVariable(operand, v)}\n`)
          continue
        }
        const parsed = parseAssignmentArg(operand)
        if (parsed === undefined) {
          yield* shell.errorLine(`${name}: \`${operand}': not a valid identifier`)
          status = 1
          continue
        }
        const local = (defaults.local === true || (name !== "export" && name !== "readonly" && shell.functionDepth > 0)) && !global
        // A readonly variable of an outer scope cannot be shadowed by a local either.
        const existing = local ? (state.locals[state.locals.length - 1]?.get(parsed.name) ?? readonlyOuter(state.peek(parsed.name))) : state.peek(parsed.name)
        if (existing !== undefined && (existing.attrs & Attr.readonly) !== 0 && (parsed.op !== undefined || (off & Attr.readonly) !== 0)) {
          // export and readonly report it like an assignment, without their own name.
          yield* shell.errorLine(name === "export" || name === "readonly" ? `${parsed.name}: readonly variable` : `${name}: ${parsed.name}: readonly variable`)
          status = 1
          continue
        }
        if ((on & Attr.nameref) !== 0 && parsed.op === "=" && parsed.index === undefined && parsed.value === parsed.name) {
          yield* shell.errorLine(`${name}: ${parsed.name}: nameref variable self references not allowed`)
          status = 1
          continue
        }
        // An array keeps its kind: bash refuses to turn one into the other, or into a scalar.
        const kindError = arrayKindError(local ? state.locals[state.locals.length - 1]?.get(parsed.name) : state.peek(parsed.name), on, off)
        if (kindError !== undefined) {
          yield* shell.errorLine(`${name}: ${parsed.name}: ${kindError}`)
          status = 1
          continue
        }
        const attrsOff = off | (removeExport ? Attr.export : 0)
        // -n / +n act on the reference itself, not on the variable it points to.
        const raw = ((on | off) & Attr.nameref) !== 0 && !local ? state.findRaw(parsed.name)?.variable : undefined
        if (raw !== undefined) raw.attrs = (raw.attrs | (on & ~Attr.readonly)) & ~attrsOff
        const v = raw ?? state.declare(parsed.name, { local, attrsOn: on & ~Attr.readonly, attrsOff })
        // A new indexed array declared without a value stays unset (`declare -p` shows
        // `declare -a x`); the first assignment creates it. An associative one is created empty,
        // so subscripts are keys from the start. A scalar becomes element 0.
        if ((on & Attr.assoc) !== 0 && typeof v.value === "string") v.value = new AssocArray(new Map([["0", v.value]]))
        if ((on & Attr.indexed) !== 0 && typeof v.value === "string" && parsed.op === undefined) v.value = IndexedArray.from([v.value])
        if (local && inherit && v.value === undefined) {
          for (let depth = state.locals.length - 2; depth >= -1; depth--) {
            const found = depth >= 0 ? state.locals[depth]!.get(parsed.name) : state.globals.get(parsed.name)
            if (found === undefined) continue
            v.value = typeof found.value === "object" ? found.value.clone() : found.value
            v.attrs |= found.attrs & ~Attr.nameref
            break
          }
        }
        if (local && parsed.op === undefined && v.value === undefined && state.shopt["localvar_inherit"] === true) {
          const outer = state.locals.length > 1 ? undefined : state.globals.get(parsed.name)
          if (outer !== undefined) v.value = outer.value
        }
        if ((v.attrs & Attr.nameref) !== 0 && parsed.op === "=" && parsed.index === undefined) {
          // A nameref's own value is the name it refers to: set it without following it.
          v.value = parsed.value
        } else if (
          parsed.op !== undefined &&
          parsed.index === undefined &&
          (v.attrs & (Attr.indexed | Attr.assoc)) === 0 &&
          !(parsed.value.startsWith("(") && compoundWords.has(firstOperand + k + 1))
        ) {
          // `local n=$1`: a plain scalar value, assigned directly (re-parsing it as an
          // assignment, as the general case below does, would give the same result).
          let error: string | undefined
          try {
            error = shell.assign(() => state.setScalar(parsed.name, parsed.value, { append: parsed.op === "+=", integerEval: (t) => shell.arithmetic(t).toString() }))
          } catch (e) {
            const failed = toExecFailure(e)
            if (failed._tag === "LimitExceeded" || failed.fatal) return yield* Effect.fail(failed)
            error = failed.message
          }
          if (error !== undefined) {
            yield* shell.errorLine(`${name}: ${error}`)
            status = 1
            continue
          }
          if ((v.attrs & (Attr.lower | Attr.upper)) !== 0 && typeof v.value === "string") v.value = state.transform(v.attrs, v.value)
        } else if (parsed.op !== undefined) {
          const source = `${parsed.name}${parsed.index ?? ""}${parsed.op}${parsed.value.startsWith("(") && parsed.index === undefined ? parsed.value : quoteValue(parsed.value)}`
          const ast = parseScript(source)
          const cmd = ast._tag === "Right" ? ast.right.statements[0]?.body.first.commands[0] : undefined
          const assignment = cmd?._tag === "SimpleCommand" ? cmd.assignments[0] : undefined
          if (assignment === undefined) {
            yield* shell.errorLine(`${name}: \`${operand}': not a valid identifier`)
            status = 1
            continue
          }
          const error = yield* shell.performAssignment(assignment, {})
          if (error !== undefined) {
            yield* shell.errorLine(`${name}: ${error}`)
            status = 1
            continue
          }
          if ((v.attrs & (Attr.lower | Attr.upper)) !== 0 && typeof v.value === "string") v.value = state.transform(v.attrs, v.value)
        }
        // export and readonly assign the way a plain assignment does, and set -x shows it again.
        if ((name === "export" || name === "readonly") && parsed.op !== undefined && parsed.index === undefined && !parsed.value.startsWith("(")) {
          shell.trace(`${parsed.name}${parsed.op}${traceWord(parsed.value)}`)
        }
        if ((on & Attr.readonly) !== 0) v.attrs |= Attr.readonly
      }
      return status
    })
})

const arrayKindError = (existing: Variable | undefined, on: number, off: number): string | undefined => {
  if (existing === undefined) return undefined
  const indexed = existing.value instanceof IndexedArray || ((existing.attrs & Attr.indexed) !== 0 && !(existing.value instanceof AssocArray))
  const assoc = existing.value instanceof AssocArray || (existing.attrs & Attr.assoc) !== 0
  if (indexed && (on & Attr.assoc) !== 0) return "cannot convert indexed to associative array"
  if (assoc && (on & Attr.indexed) !== 0) return "cannot convert associative to indexed array"
  if ((indexed && (off & Attr.indexed) !== 0) || (assoc && (off & Attr.assoc) !== 0)) return "cannot destroy array variables in this way"
  return undefined
}

const readonlyOuter = (v: Variable | undefined): Variable | undefined => (v !== undefined && (v.attrs & Attr.readonly) !== 0 ? v : undefined)

/** Quote a declare value so re-parsing it yields the same string (the value was already expanded). */
const quoteValue = (value: string): string => `'${value.replace(/'/g, "'\\''")}'`

export const declareBuiltin = declareLike("declare", {})
export const typesetBuiltin = declareLike("typeset", {})
export const localBuiltin = declareLike("local", { local: true })
export const exportBuiltin = declareLike("export", { attrsOn: Attr.export, global: true })
export const readonlyBuiltin = declareLike("readonly", { attrsOn: Attr.readonly, global: true })

export const unsetBuiltin: ShellBuiltin = {
  name: "unset",
  special: true,
  run: (ctx: ShellBuiltinContext) =>
    Effect.gen(function* () {
      const state = ctx.shell.state
      const scanned = scanOptions(ctx.args, "vfn")
      if ("error" in scanned) return yield* optionError(ctx, "unset", scanned)
      const mode = scanned.options.at(-1)?.letter as "v" | "f" | "n" | undefined
      let status = 0
      for (const name of scanned.rest) {
        if (mode === "f") {
          state.functionsForWrite().delete(name)
          continue
        }
        const m = /^([A-Za-z_][A-Za-z0-9_]*)\[(.*)\]$/s.exec(name)
        if (m !== null) {
          const key = m[2]!
          const v = state.lookup(m[1]!)
          // `a[@]` empties an indexed array (it stays declared); for an associative array `@` and
          // `*` are ordinary keys; a scalar is not an array.
          if ((key === "@" || key === "*") && (v === undefined || (v.attrs & Attr.assoc) === 0)) {
            if (typeof v?.value === "string") {
              yield* ctx.shell.errorLine(`unset: ${m[1]}: not an array variable`)
              status = 1
            } else if (v !== undefined) {
              const error = ctx.shell.assign(() => state.setValue(m[1]!, new IndexedArray()))
              if (error !== undefined) {
                yield* ctx.shell.errorLine(`unset: ${m[1]}: cannot unset: readonly variable`)
                status = 1
              }
            }
            continue
          }
          const isAssoc = v !== undefined && (v.attrs & Attr.assoc) !== 0
          let resolved = key
          if (!isAssoc) {
            // bash quietly ignores an element whose subscript does not evaluate.
            const index = yield* Effect.either(Effect.try({ try: () => ctx.shell.arithmetic(key), catch: toExpansionFailed }))
            if (Either.isLeft(index)) continue
            resolved = String(index.right)
          }
          // A scalar is element 0 of itself: unsetting that element unsets the variable.
          const error = ctx.shell.assign(() => (typeof v?.value === "string" && resolved === "0" ? state.unset(m[1]!) : state.unsetElement(m[1]!, resolved)))
          if (error !== undefined) {
            yield* ctx.shell.errorLine(`unset: ${error}`)
            status = 1
          }
          continue
        }
        if (!isValidName(name)) {
          yield* ctx.shell.errorLine(`unset: \`${name}': not a valid identifier`)
          status = 1
          continue
        }
        if (mode === undefined && state.peek(name) === undefined && state.functions.has(name)) {
          state.functionsForWrite().delete(name)
          continue
        }
        const error = ctx.shell.assign(() => state.unset(name, { nameref: mode === "n" }))
        if (error !== undefined) {
          yield* ctx.shell.errorLine(`unset: ${name}: cannot unset: readonly variable`)
          status = 1
        }
      }
      return status
    })
}
