import { Effect } from "effect"
import type { ShellBuiltin, ShellBuiltinContext } from "../../interpreter/Interpreter.js"
import { setFlagLetters, setOptionNames, type SetOption } from "../../interpreter/ShellState.js"
import { quoteForReuse } from "../../expansion/quoting.js"
import { printFunction } from "../../parser/printer.js"
import { describeVariable } from "./variables.js"

/** `set` and `shopt`. */

export const setBuiltin: ShellBuiltin = {
  name: "set",
  special: true,
  run: (ctx) =>
    Effect.gen(function* () {
      const state = ctx.shell.state
      const args = ctx.args
      if (args.length === 0) {
        yield* ctx.stdout.write(setListing(state))
        return 0
      }
      let i = 0
      for (; i < args.length; i++) {
        const arg = args[i]!
        if (arg === "--") {
          state.positional = args.slice(i + 1)
          return 0
        }
        if (arg === "-" || arg === "+") {
          if (arg === "-") state.options.delete("xtrace"), state.options.delete("verbose")
          i++
          break
        }
        if (arg === "-o" || arg === "+o") {
          const enable = arg === "-o"
          const name = args[i + 1]
          if (name === undefined) {
            for (const option of setOptionNames) {
              const on = state.options.has(option)
              yield* ctx.stdout.write(enable ? `${option.padEnd(15)}\t${on ? "on" : "off"}\n` : `set ${on ? "-" : "+"}o ${option}\n`)
            }
            return 0
          }
          if (!(setOptionNames as ReadonlyArray<string>).includes(name)) {
            yield* ctx.shell.errorLine(`set: ${name}: invalid option name`)
            return 2
          }
          if (enable) state.options.add(name as SetOption)
          else state.options.delete(name as SetOption)
          i++
          continue
        }
        if (/^[-+][a-zA-Z]+$/.test(arg)) {
          const enable = arg[0] === "-"
          for (const letter of arg.slice(1)) {
            if (letter === "o") {
              const name = args[++i]
              if (name === undefined || !(setOptionNames as ReadonlyArray<string>).includes(name)) {
                yield* ctx.shell.errorLine(`set: ${name ?? ""}: invalid option name`)
                return 2
              }
              if (enable) state.options.add(name as SetOption)
              else state.options.delete(name as SetOption)
              continue
            }
            const option = setFlagLetters[letter]
            if (option === undefined) {
              yield* ctx.shell.errorLine(`set: ${arg[0]}${letter}: invalid option`)
              yield* ctx.stderr.write("set: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]\n")
              return 2
            }
            if (enable) state.options.add(option)
            else state.options.delete(option)
          }
          continue
        }
        break
      }
      if (i < args.length || args[i - 1] === "-" || args[i - 1] === "+") state.positional = args.slice(i)
      return 0
    })
}

/** What `set` (and `declare`) alone print: every set variable as NAME=VALUE, then the functions. */
export const setListing = (state: ShellBuiltinContext["shell"]["state"]): string => {
  let out = ""
  for (const name of state.variableNames()) {
    const v = state.peekRaw(name)
    if (v === undefined || v.value === undefined) continue
    out += typeof v.value === "string" ? `${name}=${quoteForSet(v.value)}\n` : `${describeVariable(name, v).replace(/^declare -\S+ /, "")}\n`
  }
  // Then the functions, as `declare -f` prints them.
  for (const name of [...state.functions.keys()].sort()) out += `${printFunction(state.functions.get(name)!)}\n`
  return out
}

/** `set` prints values quoted only when needed. */
const quoteForSet = (value: string): string => (/^[A-Za-z0-9_./:@%+=,-]*$/.test(value) ? value : quoteForReuse(value))

export const shoptBuiltin: ShellBuiltin = {
  name: "shopt",
  run: (ctx) =>
    Effect.gen(function* () {
      const state = ctx.shell.state
      let mode: "s" | "u" | undefined
      let quiet = false
      let print = false
      let setOptions = false
      let i = 0
      for (; i < ctx.args.length && /^-[supqo]+$/.test(ctx.args[i]!); i++) {
        for (const c of ctx.args[i]!.slice(1)) {
          if (c === "s" || c === "u") mode = c
          else if (c === "q") quiet = true
          else if (c === "p") print = true
          else if (c === "o") setOptions = true
        }
      }
      if (i < ctx.args.length && ctx.args[i]!.startsWith("-") && ctx.args[i] !== "--") {
        yield* ctx.shell.errorLine(`shopt: ${ctx.args[i]}: invalid option`)
        yield* ctx.stderr.write("shopt: usage: shopt [-pqsu] [-o] [optname ...]\n")
        return 2
      }
      const names = ctx.args.slice(i)
      const all = setOptions ? [...setOptionNames] : Object.keys(state.shopt)
      const get = (n: string) => (setOptions ? state.options.has(n as SetOption) : state.shopt[n] === true)
      const line = (n: string) =>
        setOptions
          ? print ? `set ${get(n) ? "-" : "+"}o ${n}\n` : `${n.padEnd(15)}\t${get(n) ? "on" : "off"}\n`
          : print ? `shopt ${get(n) ? "-s" : "-u"} ${n}\n` : `${n.padEnd(15)}\t${get(n) ? "on" : "off"}\n`
      if (names.length === 0) {
        for (const n of all) {
          if (mode === "s" && !get(n)) continue
          if (mode === "u" && get(n)) continue
          if (!quiet) yield* ctx.stdout.write(line(n))
        }
        return 0
      }
      let status = 0
      for (const n of names) {
        if (!all.includes(n)) {
          yield* ctx.shell.errorLine(`shopt: ${n}: invalid shell option name`)
          status = 1
          continue
        }
        if (mode === undefined) {
          if (!get(n)) status = 1
          if (!quiet) yield* ctx.stdout.write(line(n))
          continue
        }
        if (setOptions) {
          if (mode === "s") state.options.add(n as SetOption)
          else state.options.delete(n as SetOption)
        } else state.setShopt(n, mode === "s")
      }
      return status
    })
}
