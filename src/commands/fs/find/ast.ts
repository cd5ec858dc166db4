import type { FileStat } from "../../../vfs/Vfs.js"

/** A find expression: tests and actions joined by operators. */
export type Expr =
  | { readonly _tag: "And"; readonly left: Expr; readonly right: Expr }
  | { readonly _tag: "Or"; readonly left: Expr; readonly right: Expr }
  | { readonly _tag: "Comma"; readonly left: Expr; readonly right: Expr }
  | { readonly _tag: "Not"; readonly expr: Expr }
  | { readonly _tag: "Test"; readonly name: string; readonly test: (node: Node) => boolean }
  | { readonly _tag: "Action"; readonly action: Action }

/** Where an output action writes: standard output, or a file (-fprint, -fprintf, -fls). */
export type Destination = { readonly file?: string }

export type Action =
  | ({ readonly _tag: "Print"; readonly terminator: string } & Destination)
  | ({ readonly _tag: "Printf"; readonly format: string } & Destination)
  | ({ readonly _tag: "Ls" } & Destination)
  | { readonly _tag: "Delete" }
  | { readonly _tag: "Prune" }
  | { readonly _tag: "Quit" }
  | { readonly _tag: "Exec"; readonly argv: ReadonlyArray<string>; readonly batch: boolean; readonly inDir: boolean; readonly confirm: boolean; readonly id: number }

/** One visited file. */
export interface Node {
  /** The path as find prints it (start point plus the names below it). */
  readonly shown: string
  /** Absolute path in the VFS. */
  readonly path: string
  readonly name: string
  readonly depth: number
  readonly stat: FileStat
  /** The start point this node was reached from (as typed), for %P and %H. */
  readonly start: string
  readonly linkTarget?: string
  /** For a symlink, the type of what it points to (undefined when dangling). */
  readonly targetType?: string
  /** Under -L/-H, when the entry itself is a symlink that was followed. */
  readonly followedLink?: boolean
  /** Number of entries when it is a directory (for -empty). */
  readonly entryCount: number
}

export const and = (left: Expr, right: Expr): Expr => ({ _tag: "And", left, right })
export const test = (name: string, fn: (node: Node) => boolean): Expr => ({ _tag: "Test", name, test: fn })
