/**
 * Reading a patch file for `patch`: the unified diffs in it (plain, or with git's headers),
 * each with its file names, the text before it, and its hunks. Text is a binary string.
 */

export interface HunkLine {
  readonly kind: " " | "-" | "+"
  readonly text: string
  /** False for a line followed by `\ No newline at end of file`. */
  readonly newline: boolean
}

export interface Hunk {
  /** 1-based first line of the old side (the line after, for an empty side), and its length. */
  readonly oldFirst: number
  readonly oldCount: number
  readonly newFirst: number
  readonly newCount: number
  /** Text after the closing `@@` (a function name), with its leading space. */
  readonly section: string
  readonly lines: ReadonlyArray<HunkLine>
  /** Input line number of the `@@` line. */
  readonly lineNumber: number
}

export interface FilePatch {
  /** Names from `---`/`+++` (undefined for /dev/null) and `Index:`, as written. */
  readonly oldName: string | undefined
  readonly newName: string | undefined
  readonly indexName: string | undefined
  /** What follows each name on its header line (a tab and a timestamp), for reject files. */
  readonly oldTime: string
  readonly newTime: string
  /** The lines from the end of the previous diff up to this one's first hunk. */
  readonly leading: ReadonlyArray<string>
  readonly hunks: ReadonlyArray<Hunk>
}

export interface ParsedPatch {
  readonly files: ReadonlyArray<FilePatch>
  /** True when the input held text but no diff. */
  readonly onlyGarbage: boolean
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@(.*)$/

/** A header name: up to a tab (or, without one, the first blank); `/dev/null` is no file. */
const headerName = (rest: string): { name: string | undefined; time: string } => {
  const tab = rest.indexOf("\t")
  let name = tab === -1 ? rest.trimEnd() : rest.slice(0, tab)
  let time = tab === -1 ? "" : rest.slice(tab)
  if (tab === -1) {
    const blank = name.search(/\s/)
    if (blank !== -1) {
      time = name.slice(blank)
      name = name.slice(0, blank)
    }
  }
  if (name.startsWith('"') && name.endsWith('"') && name.length > 1) name = name.slice(1, -1)
  return { name: name === "/dev/null" ? undefined : name, time }
}

export const parsePatch = (text: string): ParsedPatch => {
  const lines = text.split("\n")
  if (lines[lines.length - 1] === "") lines.pop()
  const files: Array<FilePatch> = []
  let leading: Array<string> = []
  let i = 0
  while (i < lines.length) {
    const line = lines[i]!
    if (line.startsWith("--- ") && lines[i + 1]?.startsWith("+++ ") && HUNK.test(lines[i + 2] ?? "")) {
      const old = headerName(line.slice(4))
      const neu = headerName(lines[i + 1]!.slice(4))
      const indexLine = [...leading].reverse().find((l) => l.startsWith("Index: "))
      const header = [...leading, line, lines[i + 1]!]
      i += 2
      const hunks: Array<Hunk> = []
      while (i < lines.length) {
        const m = HUNK.exec(lines[i]!)
        if (m === null) break
        const oldCount = m[2] === undefined ? 1 : Number(m[2])
        const newCount = m[4] === undefined ? 1 : Number(m[4])
        const lineNumber = i + 1
        i++
        const body: Array<HunkLine> = []
        let oldSeen = 0
        let newSeen = 0
        while (i < lines.length && (oldSeen < oldCount || newSeen < newCount)) {
          const l = lines[i]!
          const first = l[0]
          // An empty line is a context line whose trailing blank was stripped.
          const kind = l === "" ? " " : first === " " || first === "-" || first === "+" ? first : undefined
          if (kind === undefined) break
          body.push({ kind, text: l.slice(1), newline: true })
          if (kind !== "+") oldSeen++
          if (kind !== "-") newSeen++
          i++
          if (lines[i]?.startsWith("\\")) {
            body[body.length - 1] = { ...body[body.length - 1]!, newline: false }
            i++
          }
        }
        // An empty hunk side starts after the line it names.
        hunks.push({
          oldFirst: Number(m[1]) + (oldCount === 0 ? 1 : 0),
          oldCount,
          newFirst: Number(m[3]) + (newCount === 0 ? 1 : 0),
          newCount,
          section: m[5]!,
          lines: body,
          lineNumber
        })
      }
      files.push({
        oldName: old.name,
        newName: neu.name,
        indexName: indexLine?.slice(7).trim(),
        oldTime: old.time,
        newTime: neu.time,
        leading: header,
        hunks
      })
      leading = []
      continue
    }
    leading.push(line)
    i++
  }
  return { files, onlyGarbage: files.length === 0 && lines.some((l) => l.trim() !== "") }
}

/** A name with `strip` leading components removed (`-p`); no -p keeps only the last one. */
export const stripName = (name: string, strip: number | undefined): string | undefined => {
  const parts = name.split("/")
  if (strip === undefined) return parts.filter((p) => p !== "").pop() ?? name
  let rest = name
  for (let k = 0; k < strip; k++) {
    const slash = rest.indexOf("/")
    if (slash === -1) return undefined
    rest = rest.slice(slash + 1).replace(/^\/+/, "")
  }
  return rest
}
