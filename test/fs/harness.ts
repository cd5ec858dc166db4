import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, chmodSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import type { Command } from "../../src/commands/Command.js"
import { fsCommands } from "../../src/commands/fs/index.js"
import { makeInMemoryFs } from "../../src/vfs/InMemoryFs.js"
import type { VfsService } from "../../src/vfs/Vfs.js"
import { runCommand, type RunCommandOptions, type RunCommandResult } from "../support/commandHarness.js"

/** A tree to build both in the VFS (under `/w`) and in a host temp directory. */
export type TreeSpec = Record<string, string | { readonly content: string; readonly mode: number } | { readonly dir: true } | { readonly symlink: string }>

/** Test-only `echo` and `pwd`, so find -exec has something to run. */
const echo: Command = {
  name: "echo",
  run: (ctx) => Effect.as(ctx.stdout.write(ctx.args.join(" ") + "\n"), 0)
}
const pwd: Command = { name: "pwd", run: (ctx) => Effect.as(ctx.stdout.write(ctx.cwd + "\n"), 0) }
const failing: Command = { name: "false", run: () => Effect.succeed(1) }

export const allCommands: ReadonlyArray<Command> = [...fsCommands, echo, pwd, failing]

export const commandNamed = (name: string): Command => {
  const found = allCommands.find((c) => c.name === name)
  if (found === undefined) throw new Error(`no command ${name}`)
  return found
}

/** A fresh VFS holding `tree` under `root`. */
export const vfsWith = async (tree: TreeSpec, root = "/w"): Promise<VfsService> => {
  const fs = makeInMemoryFs()
  await Effect.runPromise(
    Effect.gen(function* () {
      yield* fs.mkdir(root, { recursive: true })
      for (const [rel, spec] of Object.entries(tree)) {
        const path = `${root}/${rel}`
        const parent = path.slice(0, path.lastIndexOf("/"))
        yield* fs.mkdir(parent, { recursive: true })
        if (typeof spec === "string") yield* fs.writeText(path, spec)
        else if ("dir" in spec) yield* fs.mkdir(path, { recursive: true })
        else if ("symlink" in spec) yield* fs.symlink(spec.symlink, path)
        else {
          yield* fs.writeText(path, spec.content)
          yield* fs.chmod(path, spec.mode)
        }
      }
    })
  )
  return fs
}

/** Run one of the file commands (by name) in the sandbox. */
export const sandbox = (argv: ReadonlyArray<string>, options: RunCommandOptions = {}): Promise<RunCommandResult> =>
  runCommand(commandNamed(argv[0]!), argv.slice(1), { commands: allCommands, ...options })

/** Build `tree` in a host temp dir, run the host's GNU tool there (C locale, UTC). */
export const host = (argv: ReadonlyArray<string>, tree: TreeSpec, stdin = ""): { stdout: string; stderr: string; exitCode: number } => {
  const dir = mkdtempSync(join(tmpdir(), "bashkit-fs-"))
  chmodSync(dir, 0o755)
  try {
    for (const [rel, spec] of Object.entries(tree)) {
      const path = join(dir, rel)
      mkdirSync(join(path, ".."), { recursive: true })
      if (typeof spec === "string") writeFileSync(path, spec)
      else if ("dir" in spec) mkdirSync(path, { recursive: true })
      else if ("symlink" in spec) symlinkSync(spec.symlink, path)
      else {
        writeFileSync(path, spec.content)
        chmodSync(path, spec.mode)
      }
    }
    const result = spawnSync(argv[0]!, argv.slice(1), {
      cwd: dir,
      input: stdin,
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C", TZ: "UTC" }
    })
    const local = (text: string) => text.split(dir).join("/w")
    return { stdout: local(result.stdout), stderr: local(result.stderr), exitCode: result.status ?? -1 }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Whether a host tool is installed (differential rows are skipped otherwise). */
export const hostHas = (tool: string): boolean => spawnSync("sh", ["-c", `command -v ${tool}`]).status === 0

/** Run argv in both worlds over the same tree (sandbox cwd `/w`). */
export const both = async (argv: ReadonlyArray<string>, tree: TreeSpec, stdin = "") => {
  const fs = await vfsWith(tree)
  const ours = await sandbox(argv, { fs, cwd: "/w", stdin, env: { HOME: "/home/user", PATH: "/usr/bin:/bin" } })
  const theirs = host(argv, tree, stdin)
  return { ours: { stdout: ours.stdout, stderr: ours.stderr, exitCode: ours.exitCode }, theirs, fs }
}
