/** Dev helper: `npx tsx test/text/tools/run.ts sort -n < input` runs a text tool on real stdin. */
import { readFileSync } from "node:fs"
import { resolve } from "node:path"
import { textToolCommands } from "../../../src/commands/text/tools/index.js"
import { runMini } from "./miniContext.js"

const [name, ...args] = process.argv.slice(2)
const command = textToolCommands.find((c) => c.name === name)
if (command === undefined) {
  process.stderr.write(`no such tool: ${name}\n`)
  process.exit(127)
}
const stdin = process.stdin.isTTY ? new Uint8Array() : readFileSync(0)
const files: Record<string, Uint8Array> = {}
for (const arg of args) {
  for (const candidate of [arg, arg.replace(/^-[a-zA-Z]/, "").replace(/^--[a-z-]+=/, "")]) {
    try {
      if (candidate !== "" && candidate !== "-") files[resolve(candidate)] = readFileSync(candidate)
    } catch {}
  }
}
const result = await runMini(command, args, { stdin, files, cwd: process.cwd() })
process.stdout.write(result.stdoutBytes)
process.stderr.write(result.stderr)
process.exit(result.exitCode)
