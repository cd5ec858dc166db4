/**
 * Runs one attack of the catalogue on this project (child side: a module job of
 * test/support/isolated.ts, so the parent's watchdog kills this process if the attack hangs it),
 * through the entry point the attack names; `measure.ts` measures it.
 */
import { Effect, Exit, Fiber, Layer, Stream } from "effect"
import { Bash, BashTool, defaultLimits, ScriptedTool, Shell, ToolDef, type ExecResult, type ExecutionLimitsShape } from "../../../src/index.js"
import { adaptCustomCommand } from "../../../src/Bash.js"
import { resolveLimits } from "../../../src/limits/profiles.js"
import { attackById } from "./catalogue/index.js"
import { binaryFixture, customCommands, toolBuiltins, toolCallbacks } from "./fixtures.js"
import type { HostDirectory } from "./hostDirectory.js"
import { measureAttack, type RunResult, type Runner, type Started } from "./measure.js"
import { attackLimits } from "./policy.js"
import type { Attack, AttackMeasure } from "./types.js"

/** The second sandbox of the fairness probe (one per child, warmed once). */
let probeSandbox: Bash | undefined

/** A child's first attack would otherwise pay for loading and compiling the interpreter. */
const warmUp = async (): Promise<Bash> => {
  if (probeSandbox !== undefined) return probeSandbox
  probeSandbox = new Bash()
  for (let i = 0; i < 3; i++) {
    await probeSandbox.exec("echo hi")
    await new Bash().exec("x=$((1+2)); echo $x | sed s/3/4/ | grep -c 4 > /dev/null; [[ $x == 3 ]]")
  }
  return probeSandbox
}

// Warm up while the module loads: the isolated child imports it before a job's timer starts.
await warmUp()

// ---- entry points -----------------------------------------------------------------------------

const fullLimits = (attack: Attack): ExecutionLimitsShape => resolveLimits(defaultLimits, attack.profile, attackLimits(attack))

const binaryFiles = async (attack: Attack): Promise<Record<string, string | Uint8Array>> => {
  const files: Record<string, string | Uint8Array> = { ...attack.files }
  for (const [path, name] of Object.entries(attack.binaryFiles ?? {})) files[path] = await binaryFixture(name)
  return files
}

const fromExecResult = (r: { stdout: string; stderr: string; exitCode: number }): RunResult => ({ stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode })

const runFacade = (attack: Attack, files: Record<string, string | Uint8Array>, cancelled: (at: number) => void): Started => {
  const bash = new Bash({
    files,
    limits: attackLimits(attack),
    ...(attack.profile !== undefined ? { profile: attack.profile } : {}),
    ...(attack.commands !== undefined ? { commands: customCommands(attack.commands) } : {})
  })
  const controller = attack.cancel?.kind === "abort" ? new AbortController() : undefined
  if (controller !== undefined && attack.cancel !== undefined) {
    setTimeout(() => {
      cancelled(performance.now())
      controller.abort()
    }, attack.cancel.atMs)
  }
  const result = bash.exec(attack.script, { ...(attack.stdin !== undefined ? { stdin: attack.stdin } : {}), ...(controller !== undefined ? { signal: controller.signal } : {}) }).then(fromExecResult)
  // Scripts on the same instance, started while the first runs (they must queue, not interleave).
  const alongside = attack.alongside === undefined ? undefined : Promise.all(attack.alongside.map((script) => bash.exec(script).then(fromExecResult)))
  return { result, ...(alongside !== undefined ? { alongside } : {}) }
}

const runShell = async (attack: Attack, files: Record<string, string | Uint8Array>, host: HostDirectory | undefined, cancelled: (at: number) => void): Promise<RunResult> => {
  const options = {
    files,
    limits: fullLimits(attack),
    // A host directory has no /home/user: scripts work at its root.
    ...(host !== undefined ? { cwd: "/" } : {}),
    ...(attack.commands !== undefined ? { commands: Object.entries(customCommands(attack.commands)).map(([name, fn]) => adaptCustomCommand(name, fn)) } : {})
  }
  const shellLayer = host === undefined ? Shell.layer(options) : Shell.layer(options).pipe(Layer.provide(host.layer))
  if (attack.entry === "shellStream") {
    let streamed = 0
    let exitCode = 0
    const program = Effect.gen(function* () {
      const shell = yield* Shell
      yield* Stream.runForEach(
        shell.execStream(attack.script, {}, (error) => {
          // execStream reports how it ended, not a status: map the kinds to the statuses exec gives.
          exitCode = { timeout: 124, resource_limit: 126, cancelled: 130, parse_error: 2, execution_error: 1 }[error.kind]
        }),
        (chunk) =>
          Effect.sync(() => {
            if (chunk.kind === "stdout") streamed += chunk.data.length
          })
      )
    }).pipe(Effect.provide(shellLayer))
    const exit = await Effect.runPromiseExit(program)
    if (Exit.isFailure(exit)) throw new Error(`execStream failed: ${String(exit.cause)}`)
    return { stdout: "", stderr: "", exitCode, streamedBytes: streamed }
  }
  const program = Effect.flatMap(Shell, (shell) => shell.exec(attack.script, attack.stdin !== undefined ? { stdin: attack.stdin } : {})).pipe(Effect.provide(shellLayer))
  const fiber = Effect.runFork(program as Effect.Effect<ExecResult, unknown>)
  if (attack.cancel?.kind === "interrupt") {
    setTimeout(() => {
      cancelled(performance.now())
      Effect.runFork(Fiber.interrupt(fiber))
    }, attack.cancel.atMs)
  }
  const exit = await Effect.runPromise(Fiber.await(fiber))
  if (Exit.isSuccess(exit)) return fromExecResult(exit.value)
  if (Exit.isInterrupted(exit)) return { stdout: "", stderr: "", exitCode: -1, interrupted: true }
  throw new Error(`exec failed: ${String(exit.cause)}`)
}

const toolRequest = (attack: Attack) => ({ commands: attack.script, ...(attack.toolTimeoutMs !== undefined ? { timeout_ms: attack.toolTimeoutMs } : {}) })

const runBashTool = async (attack: Attack, files: Record<string, string | Uint8Array>): Promise<RunResult> => {
  let builder = BashTool.builder().limits(attackLimits(attack)).files(files)
  if (attack.profile !== undefined) builder = builder.profile(attack.profile)
  for (const [name, command] of Object.entries(toolBuiltins(attack.commands ?? []))) builder = builder.builtin(name, command)
  const output = await Effect.runPromise(Effect.flatMap(builder.build().execution(toolRequest(attack)), (execution) => execution.execute()))
  return { stdout: output.result.stdout, stderr: output.result.stderr, exitCode: output.result.exit_code }
}

const runScriptedTool = async (attack: Attack): Promise<RunResult> => {
  let builder = ScriptedTool.builder("hostile").shortDescription("hostile callbacks").limits(attackLimits(attack))
  if (attack.profile !== undefined) builder = builder.profile(attack.profile)
  for (const [name, callback] of Object.entries(toolCallbacks(attack.commands ?? []))) builder = builder.toolFn(ToolDef.make(name, `fixture ${name}`), callback)
  const output = await Effect.runPromise(Effect.flatMap(builder.build().execution(toolRequest(attack)), (execution) => execution.execute()))
  return { stdout: output.result.stdout, stderr: output.result.stderr, exitCode: output.result.exit_code }
}

// ---- one attack -------------------------------------------------------------------------------

const runOnce = async (attack: Attack, files: Record<string, string | Uint8Array>, host: HostDirectory | undefined, cancelled: (at: number) => void): Promise<Started> => {
  switch (attack.entry ?? "facade") {
    case "facade":
      return runFacade(attack, files, cancelled)
    case "shell":
    case "shellStream":
      return { result: runShell(attack, files, host, cancelled) }
    case "bashTool":
      return { result: runBashTool(attack, files) }
    case "scriptedTool":
      return { result: runScriptedTool(attack) }
  }
}

const ours = (files: Record<string, string | Uint8Array>): Runner => ({
  start: (attack, host, cancelled) => runOnce(attack, files, host, cancelled),
  echo: () => probeSandbox!.exec("echo hi"),
  timeoutMs: (attack) => fullLimits(attack).timeoutMs
})

/** The isolated job: `{ module: execute.ts, export: "runAttack", arg: id }`. */
export const runAttack = async (id: string): Promise<AttackMeasure> => {
  const attack = attackById(id)
  await warmUp()
  return measureAttack(attack, ours(await binaryFiles(attack)))
}
