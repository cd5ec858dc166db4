import { Effect, Layer } from "effect"
import { adaptCustomCommand } from "../Bash.js"
import type { Command } from "../commands/Command.js"
import { LimitExceeded, type ExecutionLimitsShape } from "../limits/ExecutionLimits.js"
import { makeShell, type ShellOptions, type ShellService } from "../Shell.js"
import type { InitialFiles } from "../vfs/InMemoryFs.js"
import type { ContentLoader, ContentSource } from "../vfs/internal/memoryNodes.js"
import { parentOf } from "../vfs/paths.js"
import { Vfs, type VfsService } from "../vfs/Vfs.js"
import { DEFAULT_CWD, DEFAULT_HOSTNAME, DEFAULT_USERNAME, effectiveLimits, envEntries, type BashToolConfig, type ToolBuiltin } from "./config.js"

/**
 * A registered builtin as a shell `Command` under its registration name. With sanitizing on, a
 * failure inside it (a throw, a rejected promise, an Effect defect) reaches the model as
 * `<name>: callback failed`, never as the host's own text; a budget stop stays a stop.
 */
const toCommand = (builtin: ToolBuiltin, sanitizeErrors: boolean): Command => {
  if (typeof builtin.command === "function") return adaptCustomCommand(builtin.name, builtin.command, { sanitizeErrors })
  const run = builtin.command.run
  if (!sanitizeErrors) return { name: builtin.name, run }
  return {
    name: builtin.name,
    run: (ctx) =>
      Effect.suspend(() => run(ctx)).pipe(
        Effect.catchAllDefect((defect) => (defect instanceof LimitExceeded ? Effect.fail(defect) : Effect.as(ctx.stderr.write(`${builtin.name}: callback failed\n`), 1)))
      )
  }
}

/**
 * The shell options of one execution, in the contract's order: profile and limits, identity,
 * cwd, env, builtins (a later registration of a name wins), then the `configure` steps.
 */
export const shellOptions = (config: BashToolConfig): ShellOptions => {
  const base: ShellOptions = {
    identity: { user: config.username ?? DEFAULT_USERNAME, host: config.hostname ?? DEFAULT_HOSTNAME },
    limits: effectiveLimits(config),
    cwd: config.cwd ?? DEFAULT_CWD,
    env: Object.fromEntries(envEntries(config)),
    commands: config.builtins.map((builtin) => toCommand(builtin, config.sanitizeErrors ?? true)),
    ...(config.files !== undefined && config.vfs === undefined ? { files: config.files } : {})
  }
  return config.configure.reduce((options, step) => step(options), base)
}

const encoder = new TextEncoder()

/** Seeds a host-provided filesystem with the builder's files (the in-memory default takes them directly). */
const writeFiles = (fs: VfsService, files: InitialFiles): Effect.Effect<void> =>
  Effect.forEach(
    Object.entries(files),
    ([path, source]) =>
      Effect.gen(function* () {
        const withMode = typeof source === "object" && !(source instanceof Uint8Array) ? source : undefined
        const raw: ContentSource | ContentLoader = withMode !== undefined ? withMode.content : (source as ContentSource | ContentLoader)
        const content = typeof raw === "function" ? yield* Effect.promise(async () => raw()) : raw
        const data = typeof content === "string" ? encoder.encode(content) : content
        yield* fs.mkdir(parentOf(path), { recursive: true })
        yield* fs.writeFile(path, data, withMode?.mode !== undefined ? { mode: withMode.mode } : undefined)
      }).pipe(Effect.ignore),
    { discard: true }
  )

/**
 * A fresh shell for one execution. The filesystem is the configured `vfs` layer (built anew in
 * the caller's scope) or a new in-memory one; the home and working directories are created.
 */
export const makeToolShell = (config: BashToolConfig) =>
  Effect.gen(function* () {
    const options = shellOptions(config)
    let fs: VfsService | undefined
    if (config.vfs !== undefined) {
      const context = yield* Layer.build(config.vfs)
      fs = yield* Effect.provide(Vfs, context)
      if (config.files !== undefined) yield* writeFiles(fs, config.files)
    }
    const limits: ExecutionLimitsShape = { ...effectiveLimits(config), ...options.limits }
    const shell: ShellService = makeShell(options, fs, limits)
    const user = options.identity?.user ?? DEFAULT_USERNAME
    const home = user === "root" ? "/root" : `/home/${user}`
    for (const dir of [home, options.cwd ?? DEFAULT_CWD]) yield* Effect.ignore(shell.fs.mkdir(dir, { recursive: true }))
    return { shell, limits }
  })
