/**
 * Pathname expansion (globbing) against the VFS, following bash 5.2:
 * - the pattern is matched one `/`-separated segment at a time; wildcards never match `/`;
 * - a name starting with `.` needs an explicit leading `.` in the segment (or in an extglob
 *   alternative) unless dotglob; `.` and `..` are never produced (bash's globskipdots);
 * - with globstar a `**` segment matches zero or more directories (not entering symlinked or,
 *   without dotglob, hidden ones); as the last segment it matches everything below, and
 *   `**` followed by `/` only directories;
 * - a trailing `/` keeps only directories; relative patterns yield relative paths, and the text
 *   of literal segments is kept as written (`./d/*`, `d//*`);
 * - GLOBIGNORE (colon-separated patterns matched against each whole result) removes matches,
 *   and when non-empty turns dotglob on;
 * - results are sorted in byte order (the C locale; the conformance specs expect `ABC abc`).
 * `undefined` means no match: the caller applies nullglob/failglob or keeps the word.
 */
import { Effect } from "effect"
import type { WorkMeter } from "../limits/Budget.js"
import { LimitExceeded } from "../limits/ExecutionLimits.js"
import { joinPath, resolvePath } from "../vfs/paths.js"
import type { DirEntry, VfsService } from "../vfs/Vfs.js"
import { hasGlobMeta, matchPattern, unescapePattern, type PatternOptions } from "./Pattern.js"

export interface GlobOptions {
  readonly dotglob: boolean
  readonly nocaseglob: boolean
  readonly globstar: boolean
  readonly extglob: boolean
  readonly globIgnore?: string
  /** Most words one expansion may produce (`maxExpansionWords` of the exec's limits). */
  readonly maxWords: number
  /** The budget matching charges (the exec's `Budget`). */
  readonly meter?: WorkMeter
}

/** A path being built: the text shown to the user and the absolute path to look up. */
interface Candidate {
  readonly shown: string
  readonly absolute: string
}

const compareBytes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** Does the segment pattern name a leading dot explicitly (`.x`, `\.x`, `@(.x|y)`)? */
const explicitDot = (segment: string, extglob: boolean): boolean => {
  if (segment.startsWith(".") || segment.startsWith("\\.")) return true
  if (!extglob || !"?*+@!".includes(segment[0] ?? "") || segment[1] !== "(") return false
  let depth = 0
  for (let i = 1; i < segment.length; i++) {
    const c = segment[i]
    if (c === "\\") i++
    else if (c === "(") {
      depth++
      if (depth === 1 && (segment[i + 1] === "." || segment.startsWith("\\.", i + 1))) return true
    } else if (c === ")") {
      if (--depth === 0) return false
    } else if (c === "|" && depth === 1 && (segment[i + 1] === "." || segment.startsWith("\\.", i + 1))) return true
  }
  return false
}

const withSlash = (shown: string): string => (shown === "" || shown.endsWith("/") ? shown : `${shown}/`)

/** Join as written: `d` + `x` is `d/x`, and an empty literal segment keeps its slash (`d//x`). */
const appendShown = (shown: string, name: string): string =>
  shown === "" ? name : shown === "/" ? `/${name}` : `${shown}/${name}`

class Globber {
  private produced = 0

  constructor(
    private readonly fs: VfsService,
    private readonly options: GlobOptions,
    private readonly dotglob: boolean,
    private readonly maxWords: number
  ) {}

  private count(n: number): Effect.Effect<void, LimitExceeded> {
    this.produced += n
    return this.produced > this.maxWords
      ? Effect.fail(
          new LimitExceeded({
            limit: "maxExpansionWords",
            value: this.maxWords,
            message: `pathname expansion: too many matches (limit ${this.maxWords})`
          })
        )
      : Effect.void
  }

  private readdir(path: string): Effect.Effect<ReadonlyArray<DirEntry>> {
    return this.fs.readdir(path).pipe(Effect.orElseSucceed((): ReadonlyArray<DirEntry> => []))
  }

  private isDirectory(path: string, entry: DirEntry, followLinks: boolean): Effect.Effect<boolean> {
    if (entry.type === "directory") return Effect.succeed(true)
    if (entry.type !== "symlink" || !followLinks) return Effect.succeed(false)
    return this.fs.stat(path).pipe(
      Effect.map((stat) => stat.type === "directory"),
      Effect.orElseSucceed(() => false)
    )
  }

  private hiddenAllowed(name: string, segment: string): boolean {
    return !name.startsWith(".") || this.dotglob || explicitDot(segment, this.options.extglob)
  }

  /** Entries of `dir` matching one segment pattern (directories only when `dirsOnly`). */
  private matchSegment(dir: Candidate, segment: string, dirsOnly: boolean): Effect.Effect<Array<Candidate>, LimitExceeded> {
    return Effect.gen(this, function* () {
      const patternOptions: PatternOptions = { extglob: this.options.extglob, nocase: this.options.nocaseglob, meter: this.options.meter }
      const out: Array<Candidate> = []
      for (const entry of yield* this.readdir(dir.absolute)) {
        if (entry.name === "." || entry.name === "..") continue
        if (!this.hiddenAllowed(entry.name, segment)) continue
        if (!matchPattern(segment, entry.name, patternOptions)) continue
        const absolute = joinPath(dir.absolute, entry.name)
        if (dirsOnly && !(yield* this.isDirectory(absolute, entry, true))) continue
        out.push({ shown: appendShown(dir.shown, entry.name), absolute })
      }
      yield* this.count(out.length)
      return out
    })
  }

  /** `dir` and every directory below it (for a `**` segment). */
  private directoriesBelow(dir: Candidate): Effect.Effect<Array<Candidate>, LimitExceeded> {
    return Effect.gen(this, function* () {
      const out: Array<Candidate> = [dir]
      for (let i = 0; i < out.length; i++) {
        const current = out[i]!
        for (const entry of yield* this.readdir(current.absolute)) {
          if (entry.type !== "directory" || (entry.name.startsWith(".") && !this.dotglob)) continue
          out.push({ shown: appendShown(current.shown, entry.name), absolute: joinPath(current.absolute, entry.name) })
        }
        yield* this.count(1)
      }
      return out
    })
  }

  /** Everything below `dir` for a final `**`: the directory itself (as `dir/`) and all entries. */
  private everythingBelow(dir: Candidate, dirsOnly: boolean): Effect.Effect<Array<string>, LimitExceeded> {
    return Effect.gen(this, function* () {
      const out: Array<string> = []
      if (dir.shown !== "") out.push(withSlash(dir.shown))
      const pending: Array<Candidate> = [dir]
      while (pending.length > 0) {
        const current = pending.pop()!
        for (const entry of yield* this.readdir(current.absolute)) {
          if (entry.name.startsWith(".") && !this.dotglob) continue
          const child = { shown: appendShown(current.shown, entry.name), absolute: joinPath(current.absolute, entry.name) }
          const isDir = entry.type === "directory"
          if (isDir) pending.push(child)
          if (dirsOnly) {
            if (isDir || (yield* this.isDirectory(child.absolute, entry, true))) out.push(`${child.shown}/`)
          } else out.push(child.shown)
        }
        yield* this.count(out.length)
      }
      return out
    })
  }

  private exists(path: string): Effect.Effect<boolean> {
    return this.fs.lstat(path).pipe(
      Effect.as(true),
      Effect.orElseSucceed(() => false)
    )
  }

  expand(pattern: string, cwd: string): Effect.Effect<Array<string>, LimitExceeded> {
    return Effect.gen(this, function* () {
      const absolutePattern = pattern.startsWith("/")
      const segments = (absolutePattern ? pattern.slice(1) : pattern).split("/")
      const trailingSlash = segments.length > 1 && segments[segments.length - 1] === ""
      if (trailingSlash) segments.pop()
      let current: Array<Candidate> = [{ shown: absolutePattern ? "/" : "", absolute: absolutePattern ? "/" : cwd }]
      const last = segments.length - 1
      for (let index = 0; index <= last && current.length > 0; index++) {
        const segment = segments[index]!
        const final = index === last
        const dirsOnly = !final || trailingSlash
        if (this.options.globstar && segment === "**") {
          if (final) {
            const results: Array<string> = []
            for (const dir of current) results.push(...(yield* this.everythingBelow(dir, trailingSlash)))
            return results
          }
          const next: Array<Candidate> = []
          for (const dir of current) next.push(...(yield* this.directoriesBelow(dir)))
          current = next
          continue
        }
        if (!hasGlobMeta(segment, { extglob: this.options.extglob, meter: this.options.meter })) {
          const name = unescapePattern(segment)
          const next: Array<Candidate> = []
          for (const dir of current) {
            const candidate = { shown: appendShown(dir.shown, name), absolute: resolvePath(dir.absolute, name === "" ? "." : name) }
            // Intermediate literal segments are checked when the next segment reads them.
            if (!final || (yield* this.exists(candidate.absolute))) next.push(candidate)
          }
          current = next
          continue
        }
        const next: Array<Candidate> = []
        for (const dir of current) next.push(...(yield* this.matchSegment(dir, segment, dirsOnly)))
        current = next
      }
      if (trailingSlash) {
        const dirs: Array<string> = []
        for (const candidate of current) {
          const isDir = yield* this.fs.stat(candidate.absolute).pipe(
            Effect.map((stat) => stat.type === "directory"),
            Effect.orElseSucceed(() => false)
          )
          if (isDir) dirs.push(`${candidate.shown}/`)
        }
        return dirs
      }
      return current.map((candidate) => candidate.shown)
    })
  }
}

/** GLOBIGNORE: drop results matching any of its colon-separated patterns. */
const applyGlobIgnore = (paths: ReadonlyArray<string>, globIgnore: string, extglob: boolean, meter: WorkMeter | undefined): Array<string> => {
  const patterns = globIgnore.split(":").filter((p) => p !== "")
  const options: PatternOptions = { extglob, pathname: true, meter }
  return paths.filter((path) => !patterns.some((pattern) => matchPattern(pattern, path, options)))
}

/**
 * Expand `pattern` (quoted characters backslash-escaped) relative to the absolute `cwd`.
 * Returns the sorted matches, or undefined when nothing matched.
 */
export const expandPathname = (
  pattern: string,
  cwd: string,
  fs: VfsService,
  options: GlobOptions
): Effect.Effect<ReadonlyArray<string> | undefined, LimitExceeded> =>
  Effect.gen(function* () {
    const ignoring = options.globIgnore !== undefined && options.globIgnore !== ""
    const globber = new Globber(fs, options, options.dotglob || ignoring, options.maxWords)
    let matches = yield* globber.expand(pattern, cwd)
    if (ignoring) matches = applyGlobIgnore(matches, options.globIgnore!, options.extglob, options.meter)
    if (matches.length === 0) return undefined
    return [...new Set(matches)].sort(compareBytes)
  })
