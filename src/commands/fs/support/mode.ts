import type { FileType } from "../../../vfs/Vfs.js"

/** Permission and special bits (setuid, setgid, sticky). */
export const S_ISUID = 0o4000
export const S_ISGID = 0o2000
export const S_ISVTX = 0o1000

/** The default umask of the sandbox (GNU tools apply it to `+x` without a who). */
export const DEFAULT_UMASK = 0o022

const typeChar = (type: FileType): string => {
  switch (type) {
    case "directory":
      return "d"
    case "symlink":
      return "l"
    case "fifo":
      return "p"
    case "chardev":
      return "c"
    case "file":
      return "-"
  }
}

/** `-rwxr-xr-x`, with s/S/t/T for the special bits, as `ls -l` and `stat %A` print. */
export const modeString = (type: FileType, mode: number): string => {
  const triplet = (bits: number, special: boolean, setChar: string): string => {
    const r = bits & 4 ? "r" : "-"
    const w = bits & 2 ? "w" : "-"
    const x = bits & 1 ? (special ? setChar : "x") : special ? setChar.toUpperCase() : "-"
    return r + w + x
  }
  return (
    typeChar(type) +
    triplet((mode >> 6) & 7, (mode & S_ISUID) !== 0, "s") +
    triplet((mode >> 3) & 7, (mode & S_ISGID) !== 0, "s") +
    triplet(mode & 7, (mode & S_ISVTX) !== 0, "t")
  )
}

interface Clause {
  readonly who: number // mask of affected bits (0 = "not given": all, filtered by umask)
  readonly ops: ReadonlyArray<{ readonly op: "+" | "-" | "="; readonly perms: string; readonly copyFrom?: "u" | "g" | "o" }>
}

/** A parsed mode: octal (absolute) or a list of symbolic clauses. */
export type ModeChange =
  | { readonly _tag: "Octal"; readonly mode: number; readonly digits: number }
  | { readonly _tag: "Symbolic"; readonly clauses: ReadonlyArray<Clause> }

const WHO_BITS: Record<string, number> = {
  u: 0o4700,
  g: 0o2070,
  o: 0o1007,
  a: 0o7777
}

/** Parse a chmod mode (`755`, `u+x,go-w`, `a=r`, `+X`); `undefined` when invalid. */
export const parseMode = (text: string): ModeChange | undefined => {
  if (/^[0-7]+$/.test(text)) {
    if (text.length > 4 && Number.parseInt(text, 8) > 0o7777) return undefined
    return { _tag: "Octal", mode: Number.parseInt(text, 8), digits: text.length }
  }
  const clauses: Array<Clause> = []
  for (const part of text.split(",")) {
    let i = 0
    let who = 0
    while (i < part.length && "ugoa".includes(part[i]!)) who |= WHO_BITS[part[i++]!]!
    if (i >= part.length) return undefined
    const ops: Array<Clause["ops"][number]> = []
    while (i < part.length) {
      const op = part[i]
      if (op !== "+" && op !== "-" && op !== "=") return undefined
      i++
      if (i < part.length && "ugo".includes(part[i]!)) {
        ops.push({ op, perms: "", copyFrom: part[i++] as "u" | "g" | "o" })
        continue
      }
      let perms = ""
      while (i < part.length && "rwxXst".includes(part[i]!)) perms += part[i++]
      ops.push({ op, perms })
    }
    clauses.push({ who, ops })
  }
  return { _tag: "Symbolic", clauses }
}

const permBits = (perms: string, isDir: boolean, current: number): number => {
  let bits = 0
  for (const p of perms) {
    switch (p) {
      case "r":
        bits |= 0o444
        break
      case "w":
        bits |= 0o222
        break
      case "x":
        bits |= 0o111
        break
      case "X":
        if (isDir || (current & 0o111) !== 0) bits |= 0o111
        break
      case "s":
        bits |= S_ISUID | S_ISGID
        break
      case "t":
        bits |= S_ISVTX
        break
    }
  }
  return bits
}

const copyBits = (from: "u" | "g" | "o", current: number): number => {
  const triple = from === "u" ? (current >> 6) & 7 : from === "g" ? (current >> 3) & 7 : current & 7
  return triple * 0o111
}

/** Apply a mode change to the current permission bits. */
export const applyMode = (change: ModeChange, current: number, isDir: boolean, umask = DEFAULT_UMASK): number => {
  if (change._tag === "Octal") {
    // GNU keeps a directory's setuid/setgid bits unless the octal mode names them (5+ digits).
    const keep = isDir && change.digits < 5 ? current & (S_ISUID | S_ISGID) : 0
    return change.mode | keep
  }
  let mode = current & 0o7777
  for (const clause of change.clauses) {
    const explicitWho = clause.who !== 0
    const who = explicitWho ? clause.who : 0o7777
    const mask = explicitWho ? who : who & ~umask & ~S_ISVTX
    for (const { op, perms, copyFrom } of clause.ops) {
      const bits = (copyFrom !== undefined ? copyBits(copyFrom, mode) : permBits(perms, isDir, mode)) & (op === "=" ? who : mask)
      const effective = op === "=" ? bits & (explicitWho ? who : mask) : bits
      if (op === "+") mode |= effective
      else if (op === "-") mode &= ~effective
      else {
        // `=` clears the who's bits (not a directory's setuid/setgid unless named) then sets.
        const clear = who & ~(isDir ? S_ISUID | S_ISGID : 0) & 0o7777
        mode = (mode & ~clear) | effective
      }
    }
  }
  return mode
}
