import { Effect } from "effect"
import type { Command, CommandContext } from "../../../src/commands/Command.js"
import { awkCommands } from "../../../src/commands/text/awk/index.js"
import type { InitialFiles } from "../../../src/vfs/InMemoryFs.js"
import { runCommand, type RunCommandResult } from "../../support/commandHarness.js"

const decoder = new TextDecoder()

const line = (text: string): string => text + "\n"

/** Tiny stand-ins for the commands awk's pipes and system() reach in these tests. */
const fakeCommands: ReadonlyArray<Command> = [
  { name: "echo", run: (ctx) => Effect.as(ctx.stdout.write(line(ctx.args.join(" "))), 0) },
  {
    name: "sort",
    run: (ctx) =>
      Effect.gen(function* () {
        const text = decoder.decode(yield* ctx.stdin.readAll)
        const lines = text.split("\n").filter((l, i, all) => !(l === "" && i === all.length - 1))
        lines.sort()
        yield* ctx.stdout.write(lines.map(line).join(""))
        return 0
      })
  },
  {
    name: "cat",
    run: (ctx) =>
      Effect.gen(function* () {
        yield* ctx.stdout.write(yield* ctx.stdin.readAll)
        return 0
      })
  },
  {
    name: "wc-l",
    run: (ctx) =>
      Effect.gen(function* () {
        const text = decoder.decode(yield* ctx.stdin.readAll)
        yield* ctx.stdout.write(line(String(text.split("\n").length - 1)))
        return 0
      })
  }
]

/** `runScript` for tests: `exit N`, or one simple command run by name through `ctx.exec`. */
const scriptedContext = (ctx: CommandContext): CommandContext => ({
  ...ctx,
  runScript: (script, io) => {
    const exit = /^exit (\d+)$/.exec(script.trim())
    if (exit !== null) return Effect.succeed(Number(exit[1]))
    const argv = script.trim().split(/\s+/)
    return ctx.exec(argv, io)
  }
})

const withScripts = (name: string): Command => {
  const awk = awkCommands.find((c) => c.name === name)!
  return { name, run: (ctx) => awk.run(scriptedContext(ctx)) }
}

export interface AwkRun {
  /** Run as `gawk` (gawk's number printing) instead of `awk` (mawk's, as on the reference host). */
  readonly gawk?: boolean
  readonly stdin?: string
  readonly files?: InitialFiles
  readonly env?: Record<string, string>
}

/** Run `awk args...` on a fresh in-memory filesystem, with scripted pipes and system(). */
export const runAwk = (args: ReadonlyArray<string>, options: AwkRun = {}): Promise<RunCommandResult> =>
  runCommand(withScripts(options.gawk === true ? "gawk" : "awk"), args, {
    commands: fakeCommands,
    ...(options.stdin !== undefined ? { stdin: options.stdin } : {}),
    ...(options.files !== undefined ? { files: options.files } : {}),
    ...(options.env !== undefined ? { env: options.env } : {})
  })
