import { Effect } from "effect"
import type { ShellBuiltin } from "../../interpreter/Interpreter.js"
import { matchPattern } from "../../expansion/Pattern.js"
import { builtinUsage, helpText, optionError, scanOptions } from "./usage.js"

/** help, history, fc, times, umask. */

export const helpBuiltin: ShellBuiltin = {
  name: "help",
  run: (ctx) =>
    Effect.gen(function* () {
      const scanned = scanOptions(ctx.args, "dms")
      if ("error" in scanned) return yield* optionError(ctx, "help", scanned)
      const mode = scanned.options.at(-1)?.letter
      const topics = Object.keys(builtinUsage).sort()
      if (scanned.rest.length === 0) {
        let out = "bashkit-effect shell builtins. Type `help name' for more about the builtin `name'.\n\n"
        for (const name of topics) out += `${builtinUsage[name]![0]}\n`
        yield* ctx.stdout.write(out)
        return 0
      }
      let status = 0
      for (const pattern of scanned.rest) {
        const matches = topics.filter((t) => t === pattern || matchPattern(pattern, t, { meter: ctx.budget }) || (!/[*?[]/.test(pattern) && t.startsWith(pattern)))
        if (matches.length === 0) {
          yield* ctx.shell.errorLine(`help: no help topics match \`${pattern}'.  Try \`help help' or \`man -k ${pattern}' or \`info ${pattern}'.`)
          status = 1
          continue
        }
        let out = /[*?[]/.test(pattern) ? `Shell commands matching keyword \`${pattern}'\n\n` : ""
        for (const name of matches) {
          const [synopsis, summary] = builtinUsage[name]!
          if (mode === "d") out += `${name} - ${summary}\n`
          else if (mode === "s") out += `${name}: ${synopsis}\n`
          else if (mode === "m") out += `NAME\n    ${name} - ${summary}\n\nSYNOPSIS\n    ${synopsis}\n\n`
          else out += helpText(name)!
        }
        yield* ctx.stdout.write(out)
      }
      return status
    })
}

/** `history`: the session's list (bash keeps none in a non-interactive shell; `-s` adds). */
export const historyBuiltin: ShellBuiltin = {
  name: "history",
  run: (ctx) =>
    Effect.gen(function* () {
      const scanned = scanOptions(ctx.args, "canrwps", "d")
      if ("error" in scanned) return yield* optionError(ctx, "history", scanned)
      const history = ctx.shell.state.history
      const has = (l: string) => scanned.options.some((o) => o.letter === l)
      if (has("c")) history.length = 0
      const remove = scanned.options.find((o) => o.letter === "d")?.value
      if (remove !== undefined) {
        const n = Number(remove)
        const index = n < 0 ? history.length + n : n - 1
        if (!/^-?\d+$/.test(remove) || index < 0 || index >= history.length) {
          yield* ctx.shell.errorLine(`history: ${remove}: history position out of range`)
          return 1
        }
        history.splice(index, 1)
        return 0
      }
      if (has("s")) {
        if (scanned.rest.length > 0) history.push(scanned.rest.join(" "))
        return 0
      }
      if (has("p")) {
        yield* ctx.stdout.write(scanned.rest.map((a) => `${a}\n`).join(""))
        return 0
      }
      // -a -n -r -w read or write a history file: there is none to sync with.
      if (has("a") || has("n") || has("r") || has("w") || has("c")) return 0
      const count = scanned.rest[0]
      if (count !== undefined && !/^\d+$/.test(count)) {
        yield* ctx.shell.errorLine(`history: ${count}: numeric argument required`)
        return 1
      }
      const start = count === undefined ? 0 : Math.max(0, history.length - Number(count))
      let out = ""
      for (let i = start; i < history.length; i++) out += `${String(i + 1).padStart(5)}  ${history[i]}\n`
      yield* ctx.stdout.write(out)
      return 0
    })
}

/** `fc -l` lists history entries; editing and re-running them is not available here. */
export const fcBuiltin: ShellBuiltin = {
  name: "fc",
  run: (ctx) =>
    Effect.gen(function* () {
      const scanned = scanOptions(ctx.args, "lnrs", "e")
      if ("error" in scanned) return yield* optionError(ctx, "fc", scanned)
      const has = (l: string) => scanned.options.some((o) => o.letter === l)
      const history = ctx.shell.state.history
      if (!has("l")) {
        yield* ctx.shell.errorLine("fc: only listing (fc -l) is available in this sandbox")
        return 1
      }
      if (history.length === 0) return 0
      const position = (arg: string | undefined, fallback: number): number | undefined => {
        if (arg === undefined) return fallback
        if (/^-?\d+$/.test(arg)) {
          const n = Number(arg)
          return Math.min(history.length, Math.max(1, n < 0 ? history.length + n + 1 : n))
        }
        const found = history.findLastIndex((h) => h.startsWith(arg))
        return found === -1 ? undefined : found + 1
      }
      const first = position(scanned.rest[0], Math.max(1, history.length - 15))
      const last = position(scanned.rest[1], scanned.rest[0] === undefined ? history.length : first ?? history.length)
      if (first === undefined || last === undefined) {
        yield* ctx.shell.errorLine("fc: history specification out of range")
        return 1
      }
      const indexes: Array<number> = []
      for (let i = Math.min(first, last); i <= Math.max(first, last); i++) indexes.push(i)
      if (has("r") !== first > last) indexes.reverse()
      yield* ctx.stdout.write(indexes.map((i) => (has("n") ? `\t ${history[i - 1]}\n` : `${i}\t ${history[i - 1]}\n`)).join(""))
      return 0
    })
}

/** `times`: the sandbox does not account CPU time; zero for the shell and its children. */
export const timesBuiltin: ShellBuiltin = {
  name: "times",
  run: (ctx) => {
    const scanned = scanOptions(ctx.args, "")
    if ("error" in scanned) return optionError(ctx, "times", scanned)
    return Effect.as(ctx.stdout.write("0m0.000s 0m0.000s\n0m0.000s 0m0.000s\n"), 0)
  }
}

const who: Record<string, number> = { u: 0o700, g: 0o070, o: 0o007 }
const permBits: Record<string, number> = { r: 0o444, w: 0o222, x: 0o111 }

/** Apply a symbolic mode (`u=rwx,g-w`) to permissions; an error names the offending char. */
const applySymbolic = (perms: number, mode: string): number | { bad: string } => {
  for (const clause of mode.split(",")) {
    const m = /^([ugoa]*)(.*)$/.exec(clause)!
    const mask = m[1] === "" || m[1]!.includes("a") ? 0o777 : [...m[1]!].reduce((acc, c) => acc | who[c]!, 0)
    let rest = m[2]!
    if (rest === "") return { bad: clause.slice(-1) }
    while (rest.length > 0) {
      const op = rest[0]!
      if (op !== "+" && op !== "-" && op !== "=") return { bad: op }
      const pm = /^[rwx]*/.exec(rest.slice(1))![0]
      const bits = [...pm].reduce((acc, c) => acc | permBits[c]!, 0) & mask
      if (op === "+") perms |= bits
      else if (op === "-") perms &= ~bits
      else perms = (perms & ~mask) | bits
      rest = rest.slice(1 + pm.length)
    }
  }
  return perms
}

const symbolicText = (mask: number): string => {
  const perms = ~mask & 0o777
  const part = (shift: number) => `${perms & (4 << shift) ? "r" : ""}${perms & (2 << shift) ? "w" : ""}${perms & (1 << shift) ? "x" : ""}`
  return `u=${part(6)},g=${part(3)},o=${part(0)}`
}

export const umaskBuiltin: ShellBuiltin = {
  name: "umask",
  run: (ctx) =>
    Effect.gen(function* () {
      const scanned = scanOptions(ctx.args, "pS")
      if ("error" in scanned) return yield* optionError(ctx, "umask", scanned)
      const state = ctx.shell.state
      const symbolic = scanned.options.some((o) => o.letter === "S")
      const reusable = scanned.options.some((o) => o.letter === "p")
      const mode = scanned.rest[0]
      if (mode === undefined) {
        const text = symbolic ? symbolicText(state.umask) : state.umask.toString(8).padStart(4, "0")
        yield* ctx.stdout.write(`${reusable ? `umask ${symbolic ? "-S " : ""}` : ""}${text}\n`)
        return 0
      }
      if (/^\d/.test(mode)) {
        if (!/^[0-7]+$/.test(mode) || Number.parseInt(mode, 8) > 0o7777) {
          yield* ctx.shell.errorLine(`umask: ${mode}: octal number out of range`)
          return 1
        }
        state.umask = Number.parseInt(mode, 8) & 0o777
      } else {
        const result = applySymbolic(~state.umask & 0o777, mode)
        if (typeof result !== "number") {
          yield* ctx.shell.errorLine(`umask: \`${result.bad}': invalid symbolic mode operator`)
          return 1
        }
        state.umask = ~result & 0o777
      }
      if (symbolic) yield* ctx.stdout.write(`${symbolicText(state.umask)}\n`)
      return 0
    })
}
