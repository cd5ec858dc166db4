import { Clock, Effect } from "effect"
import type { Command, CommandContext, CommandFailure } from "../../Command.js"
import type { FileStat } from "../../../vfs/Vfs.js"
import { joinPath, parentOf } from "../../../vfs/paths.js"
import { attempt, blocksOf, errorText, OutputBuffer, quote, warn, type CommandRun } from "../support/common.js"
import { modeString } from "../support/mode.js"
import { Prompter } from "../support/prompt.js"
import { lsTime } from "../support/time.js"
import { groupName, userName } from "../support/users.js"
import type { Action, Expr, Node } from "./ast.js"
import { FindParseError, parseFind, type FindPlan } from "./parse.js"
import { findPrintf } from "./printf.js"

interface Batch {
  readonly argv: ReadonlyArray<string>
  readonly cwd: string | undefined
  readonly paths: Array<string>
}

/** The state of one find run: output, status, prune/quit flags, pending `-exec +` batches. */
class FindRun {
  status = 0
  quit = false
  pruned = false
  readonly batches = new Map<string, Batch>()
  /** Text for the files of -fprint, -fprintf, -fls, written when the search ends. */
  readonly files = new Map<string, string>()
  readonly prompter: Prompter
  constructor(
    readonly ctx: CommandContext,
    readonly plan: FindPlan,
    readonly out: OutputBuffer,
    readonly nowMs: number
  ) {
    this.prompter = new Prompter(ctx)
  }

  lsLine(node: Node): string {
    const s = node.stat
    const { identity } = this.ctx
    const link = node.linkTarget === undefined ? "" : ` -> ${node.linkTarget}`
    return `${String(s.ino).padStart(9)} ${String(Math.ceil(blocksOf(s) / 2)).padStart(6)} ${modeString(s.type, s.mode)} ${String(s.nlink).padStart(3)} ${userName(identity, s.uid).padEnd(8)} ${groupName(identity, s.gid).padEnd(8)} ${String(s.size).padStart(8)} ${lsTime(s.mtimeMs, this.nowMs, this.ctx.env.TZ)} ${node.shown}${link}\n`
  }

  runExec(action: Extract<Action, { _tag: "Exec" }>, node: Node): Effect.Effect<boolean, CommandFailure> {
    const self = this
    const { ctx } = this
    return Effect.gen(function* () {
      const target = action.inDir ? `./${node.name}` : node.shown
      const cwd = action.inDir ? parentOf(node.path) : undefined
      if (action.batch) {
        const key = `${action.id}:${cwd ?? ""}`
        const batch = self.batches.get(key) ?? { argv: action.argv, cwd, paths: [] }
        batch.paths.push(target)
        self.batches.set(key, batch)
        return true
      }
      const argv = action.argv.map((word) => word.split("{}").join(target))
      if (action.confirm) {
        yield* self.out.flush()
        if (!(yield* self.prompter.ask(`< ${argv[0]} ... ${target} > ? `, false))) return false
      }
      yield* self.out.flush()
      const code = yield* ctx.exec(argv, cwd === undefined ? undefined : { cwd })
      return code === 0
    })
  }

  flushBatches(): Effect.Effect<void, CommandFailure> {
    const self = this
    return Effect.gen(function* () {
      yield* self.out.flush()
      for (const batch of self.batches.values()) {
        const code = yield* self.ctx.exec([...batch.argv, ...batch.paths], batch.cwd === undefined ? undefined : { cwd: batch.cwd })
        if (code !== 0) self.status = 1
      }
      self.batches.clear()
    })
  }

  action(action: Action, node: Node): Effect.Effect<boolean, CommandFailure> {
    const self = this
    const { ctx } = this
    switch (action._tag) {
      case "Print":
        return this.emit(action.file, node.shown + action.terminator)
      case "Printf": {
        const { text, stop } = findPrintf(action.format, node, { identity: ctx.identity, tz: ctx.env.TZ })
        void stop
        return this.emit(action.file, text)
      }
      case "Ls":
        return this.emit(action.file, this.lsLine(node))
      case "Prune":
        this.pruned = true
        return Effect.succeed(true)
      case "Quit":
        this.quit = true
        return Effect.succeed(true)
      case "Delete":
        return Effect.gen(function* () {
          if (node.depth === 0 && (node.shown === "." || node.shown === "./")) return true
          const removed = yield* attempt(ctx.fs.remove(node.path))
          if (removed._tag === "Left") {
            yield* self.out.flush()
            yield* warn(ctx, `cannot delete ${quote(node.shown)}: ${errorText(removed.left)}`)
            self.status = 1
            return false
          }
          return true
        })
      case "Exec":
        return this.runExec(action, node)
    }
  }

  /** Output of an action: to standard output, or kept for its file. */
  emit(file: string | undefined, text: string): Effect.Effect<boolean, CommandFailure> {
    if (file === undefined) return Effect.as(this.out.add(text), true)
    this.files.set(file, (this.files.get(file) ?? "") + text)
    return Effect.succeed(true)
  }

  /** Create (empty) the action files before the search; false when one cannot be opened. */
  openFiles(): Effect.Effect<boolean, CommandFailure> {
    const self = this
    return Effect.gen(function* () {
      for (const file of self.plan.outputs) {
        const made = yield* attempt(self.ctx.fs.writeFile(self.ctx.resolvePath(file), new Uint8Array(0)))
        if (made._tag === "Left") {
          yield* warn(self.ctx, `${quote(file)}: ${errorText(made.left)}`)
          return false
        }
      }
      return true
    })
  }

  writeFiles(): Effect.Effect<void, CommandFailure> {
    const self = this
    return Effect.gen(function* () {
      for (const [file, text] of self.files) {
        const written = yield* attempt(self.ctx.fs.appendFile(self.ctx.resolvePath(file), new TextEncoder().encode(text)))
        if (written._tag === "Left") {
          yield* warn(self.ctx, `${quote(file)}: ${errorText(written.left)}`)
          self.status = 1
        }
      }
    })
  }

  evaluate(expr: Expr, node: Node): Effect.Effect<boolean, CommandFailure> {
    switch (expr._tag) {
      case "Test":
        return Effect.succeed(expr.test(node))
      case "Action":
        return this.action(expr.action, node)
      case "Not":
        return Effect.map(this.evaluate(expr.expr, node), (v) => !v)
      case "And":
        return Effect.flatMap(this.evaluate(expr.left, node), (v) => (v && !this.quit ? this.evaluate(expr.right, node) : Effect.succeed(v)))
      case "Or":
        return Effect.flatMap(this.evaluate(expr.left, node), (v) => (v || this.quit ? Effect.succeed(v) : this.evaluate(expr.right, node)))
      case "Comma":
        return Effect.flatMap(this.evaluate(expr.left, node), () => (this.quit ? Effect.succeed(false) : this.evaluate(expr.right, node)))
    }
  }

  visit(path: string, shown: string, name: string, depth: number, start: string, ancestors: ReadonlyArray<number>): Effect.Effect<void, CommandFailure> {
    const self = this
    const { ctx, plan } = this
    return Effect.gen(function* () {
      if (self.quit) return
      const follow = plan.follow === "always" || (plan.follow === "commandLine" && depth === 0)
      let followedLink = false
      if (follow) {
        const own = yield* attempt(ctx.fs.lstat(path))
        followedLink = own._tag === "Right" && own.right.type === "symlink"
      }
      let statResult = yield* attempt(follow ? ctx.fs.stat(path) : ctx.fs.lstat(path))
      if (statResult._tag === "Left" && follow) statResult = yield* attempt(ctx.fs.lstat(path))
      if (statResult._tag === "Left") {
        yield* self.out.flush()
        yield* warn(ctx, `${quote(shown)}: ${errorText(statResult.left)}`)
        self.status = 1
        return
      }
      const stat: FileStat = statResult.right
      let linkTarget: string | undefined
      let targetType: string | undefined
      if (stat.type === "symlink") {
        const link = yield* attempt(ctx.fs.readlink(path))
        if (link._tag === "Right") linkTarget = link.right
        const target = yield* attempt(ctx.fs.stat(path))
        if (target._tag === "Right") targetType = target.right.type
      }
      let children: ReadonlyArray<{ readonly name: string }> = []
      if (stat.type === "directory") {
        if (ancestors.includes(stat.ino)) {
          yield* self.out.flush()
          yield* warn(ctx, `File system loop detected; ${quote(shown)} is part of the same file system loop as ${quote(start)}.`)
          self.status = 1
          return
        }
        const entries = yield* attempt(ctx.fs.readdir(path))
        if (entries._tag === "Left") {
          yield* self.out.flush()
          yield* warn(ctx, `${quote(shown)}: ${errorText(entries.left)}`)
          self.status = 1
        } else children = entries.right
      }
      const node: Node = {
        shown, path, name, depth, stat, start, entryCount: children.length,
        ...(linkTarget === undefined ? {} : { linkTarget }),
        ...(targetType === undefined ? {} : { targetType }),
        ...(followedLink && stat.type !== "symlink" ? { followedLink } : {})
      }
      const inRange = depth >= plan.minDepth
      self.pruned = false
      if (!plan.depthFirst && inRange) yield* self.evaluate(plan.expr, node)
      const pruned = self.pruned && !plan.depthFirst
      if (stat.type === "directory" && depth < plan.maxDepth && !pruned) {
        const nextAncestors = [...ancestors, stat.ino]
        for (const child of children) {
          if (self.quit) return
          const childShown = shown.endsWith("/") ? shown + child.name : `${shown}/${child.name}`
          yield* self.visit(joinPath(path, child.name), childShown, child.name, depth + 1, start, nextAncestors)
        }
      }
      if (plan.depthFirst && inRange && !self.quit) yield* self.evaluate(plan.expr, node)
    })
  }
}

export const find: Command = {
  name: "find",
  run: (ctx): CommandRun =>
    Effect.gen(function* () {
      if (ctx.args[0] === "--help") {
        yield* ctx.stdout.write("Usage: find [-H] [-L] [-P] [path...] [expression]\n")
        return 0
      }
      if (ctx.args[0] === "--version") {
        yield* ctx.stdout.write("find (GNU findutils) 4.9.0\n")
        return 0
      }
      const now = yield* Clock.currentTimeMillis
      const plan = yield* parseFind(ctx, ctx.args, now)
      if (plan instanceof FindParseError) {
        yield* warn(ctx, plan.message)
        return 1
      }
      const run = new FindRun(ctx, plan, new OutputBuffer(ctx), now)
      if (!(yield* run.openFiles())) return 1
      for (const start of plan.paths) {
        if (run.quit) break
        if (start === "") {
          yield* warn(ctx, "'': No such file or directory")
          run.status = 1
          continue
        }
        const path = ctx.resolvePath(start)
        const name = start.replace(/\/+$/, "").split("/").pop() || start
        yield* run.visit(path, start, name, 0, start, [])
      }
      yield* run.flushBatches()
      yield* run.out.flush()
      yield* run.writeFiles()
      return run.status
    })
}
