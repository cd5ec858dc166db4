import { Effect } from "effect"
import { shellEscape } from "../../expansion/quoting.js"
import type { ShellBuiltin } from "../../interpreter/Interpreter.js"
import { IndexedArray, isValidName } from "../../interpreter/variables.js"
import { optionError, scanOptions } from "./usage.js"

/** `mapfile` / `readarray`: lines (or `-d` records) of stdin or `-u fd` into an indexed array. */

const textDecoder = new TextDecoder()

export const mapfileBuiltin = (name: string): ShellBuiltin => ({
  name,
  run: (ctx) =>
    Effect.gen(function* () {
      const shell = ctx.shell
      const scanned = scanOptions(ctx.args, "t", "dnOsuCc")
      if ("error" in scanned) return yield* optionError(ctx, name, scanned)
      const value = (l: string) => scanned.options.findLast((o) => o.letter === l)?.value
      const fail = (message: string) => Effect.as(shell.errorLine(`${name}: ${message}`), 1)
      const numeric = (l: string, what: string): number | string => {
        const v = value(l)
        if (v === undefined) return 0
        return /^\d+$/.test(v) ? Number(v) : `${v}: ${what}`
      }
      const count = numeric("n", "invalid line count")
      const origin = numeric("O", "invalid array origin")
      const skip = numeric("s", "invalid line count")
      const quantumText = value("c") ?? "5000"
      for (const n of [count, origin, skip]) if (typeof n === "string") return yield* fail(n)
      if (!/^\d+$/.test(quantumText) || Number(quantumText) === 0) return yield* fail(`${quantumText}: invalid callback quantum`)
      const arrayName = scanned.rest[0] ?? "MAPFILE"
      if (!isValidName(arrayName)) return yield* fail(`\`${arrayName}': not a valid identifier`)
      const fdText = value("u")
      let input = ctx.stdin
      if (fdText !== undefined) {
        const fdInput = /^\d+$/.test(fdText) ? shell.fds.input(Number(fdText)) : undefined
        if (fdInput === undefined) return yield* fail(`${fdText}: invalid file descriptor: Bad file descriptor`)
        input = fdInput
      }
      const strip = scanned.options.some((o) => o.letter === "t")
      const delimiterText = value("d")
      const sep = delimiterText === undefined ? "\n" : delimiterText === "" ? "\0" : delimiterText[0]!
      const data = textDecoder.decode(yield* input.readAll)
      const records: Array<string> = []
      for (let start = 0; start < data.length; ) {
        const at = data.indexOf(sep, start)
        const end = at === -1 ? data.length : at + 1
        records.push(data.slice(start, end))
        start = end
      }
      const selected = records.slice(skip as number, (count as number) > 0 ? (skip as number) + (count as number) : undefined)
      const existing = shell.state.getValue(arrayName)
      // Without -O the array is cleared first; with it, the other elements stay.
      const arr = value("O") !== undefined && existing instanceof IndexedArray ? existing.clone() : new IndexedArray()
      const callback = value("C")
      const quantum = Number(quantumText)
      for (const [i, record] of selected.entries()) {
        const line = strip && record.endsWith(sep) ? record.slice(0, -1) : record
        const index = (origin as number) + i
        if (callback !== undefined && (i + 1) % quantum === 0) yield* shell.runString(`${callback} ${index} ${shellEscape(line)}`)
        arr.set(index, line)
      }
      const error = shell.assign(() => shell.state.setValue(arrayName, arr))
      // A readonly variable is reported as an assignment would be, without the builtin's name.
      if (error !== undefined) return yield* error.endsWith(": readonly variable") ? Effect.as(shell.errorLine(error), 1) : fail(error)
      return 0
    })
})
