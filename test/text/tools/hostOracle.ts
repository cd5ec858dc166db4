/**
 * Differential checking against the host's GNU tools: run the real command (LC_ALL=C unless
 * told) in a scratch directory holding the same files, and the sandbox command in a mini
 * context, and compare stdout, stderr and status.
 */
import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import type { Command } from "../../../src/commands/Command.js"
import { textToolCommands } from "../../../src/commands/text/tools/index.js"
import { runMini } from "./miniContext.js"

export interface OracleCase {
  readonly args: ReadonlyArray<string>
  readonly stdin?: string | Uint8Array
  readonly files?: Record<string, string | Uint8Array>
  readonly locale?: string
  /** Compare stderr too (default true). */
  readonly stderr?: boolean
}

export interface Outcome {
  readonly stdout: string
  readonly stderr: string
  readonly exitCode: number
}

export const commandNamed = (name: string): Command => {
  const found = textToolCommands.find((c) => c.name === name)
  if (found === undefined) throw new Error(`no text tool named ${name}`)
  return found
}

export const runHost = (name: string, c: OracleCase): Outcome => {
  const dir = mkdtempSync(join(tmpdir(), "textools-"))
  try {
    for (const [path, data] of Object.entries(c.files ?? {})) {
      mkdirSync(dirname(join(dir, path)), { recursive: true })
      writeFileSync(join(dir, path), data)
    }
    const result = spawnSync(name, [...c.args], {
      cwd: dir,
      input: c.stdin ?? "",
      env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", LC_ALL: c.locale ?? "C", TZ: "UTC" }
    })
    return { stdout: result.stdout.toString("latin1"), stderr: result.stderr.toString("latin1"), exitCode: result.status ?? -1 }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export const runSandbox = async (name: string, c: OracleCase): Promise<Outcome> => {
  const result = await runMini(commandNamed(name), c.args, { stdin: c.stdin ?? "", files: c.files ?? {}, cwd: "/work" })
  return {
    stdout: Buffer.from(result.stdoutBytes).toString("latin1"),
    stderr: Buffer.from(result.stderr, "utf8").toString("latin1"),
    exitCode: result.exitCode
  }
}
