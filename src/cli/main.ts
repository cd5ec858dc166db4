#!/usr/bin/env node
/**
 * The `bashkit` command: run a script in a fresh in-memory sandbox.
 *   bashkit -c 'script' [arg0 args...]
 *   bashkit file.sh [args...]     (the file is read from the host, then run in the sandbox)
 *   bashkit < script.sh           (script on stdin)
 * The exit status is the script's.
 */
import { Args, Command, Options } from "@effect/cli"
import { NodeContext, NodeRuntime } from "@effect/platform-node"
import { Console, Effect, Option } from "effect"
import { readFileSync } from "node:fs"
import { makeShell } from "../Shell.js"

const commandOption = Options.text("c").pipe(
  Options.withDescription("Run this script text (like bash -c); further arguments become $0 $1 ..."),
  Options.optional
)
const timeoutOption = Options.integer("timeout").pipe(Options.withDescription("Wall-clock limit in milliseconds"), Options.optional)
const scriptArgs = Args.text({ name: "args" }).pipe(Args.withDescription("A script file (read from the host) and its arguments"), Args.repeated)

const readStdin = (): string => {
  try {
    return readFileSync(0, "utf8")
  } catch {
    return ""
  }
}

const bashkit = Command.make("bashkit", { command: commandOption, timeout: timeoutOption, args: scriptArgs }, ({ command, timeout, args }) =>
  Effect.gen(function* () {
    // A person at a terminal: no timeout unless asked for (the library default is 30 s).
    const limits = { timeoutMs: Option.getOrUndefined(timeout) }
    const shell = makeShell({ limits })
    let script: string
    let positional: ReadonlyArray<string>
    let scriptName = "bashkit"
    if (Option.isSome(command)) {
      script = command.value
      scriptName = args[0] ?? "bashkit"
      positional = args.slice(1)
    } else if (args.length > 0) {
      const file = args[0]!
      const text = yield* Effect.try(() => readFileSync(file, "utf8")).pipe(
        Effect.catchAll(() => Effect.as(Console.error(`bashkit: ${file}: No such file or directory`), undefined))
      )
      if (text === undefined) return yield* Effect.sync(() => process.exit(127))
      script = text
      scriptName = file
      positional = args.slice(1)
    } else {
      script = readStdin()
      positional = []
    }
    const stdin = Option.isSome(command) || args.length > 0 ? (process.stdin.isTTY === true ? "" : readStdin()) : ""
    const result = yield* shell.exec(script, { args: positional, scriptName, stdin })
    process.stdout.write(result.stdout)
    process.stderr.write(result.stderr)
    process.exitCode = result.exitCode
  })
)

const cli = Command.run(bashkit, { name: "bashkit", version: "0.1.0" })

cli(process.argv).pipe(Effect.provide(NodeContext.layer), NodeRuntime.runMain({ disableErrorReporting: false }))
