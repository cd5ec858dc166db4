/** The parsed form of a sed script: a flat list of commands with resolved jumps. */

export interface RegexRef {
  /** `undefined`: the empty regex, meaning "the last regex used". */
  readonly source: string | undefined
  readonly ignoreCase: boolean
  readonly multiline: boolean
}

export type Address =
  | { readonly type: "line"; readonly line: number }
  | { readonly type: "last" }
  | { readonly type: "regex"; readonly regex: RegexRef }
  | { readonly type: "step"; readonly first: number; readonly step: number }
  | { readonly type: "zero" }

export type EndAddress =
  | Address
  | { readonly type: "plus"; readonly count: number }
  | { readonly type: "multiple"; readonly of: number }

/** A piece of an `s` replacement. */
export type ReplacementPart =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "group"; readonly index: number }
  | { readonly type: "case"; readonly mode: "upper" | "lower" | "nextUpper" | "nextLower" | "end" }

export interface Substitution {
  readonly regex: RegexRef
  readonly replacement: ReadonlyArray<ReplacementPart>
  readonly global: boolean
  readonly occurrence: number
  readonly print: number
  readonly writeFile: string | undefined
  readonly maxGroup: number
}

export type Action =
  | { readonly name: "{"; end: number }
  | { readonly name: "}" }
  | { readonly name: "=" | "d" | "D" | "g" | "G" | "h" | "H" | "n" | "N" | "p" | "P" | "x" | "z" | "F" }
  | { readonly name: "l"; readonly width: number | undefined }
  | { readonly name: "q" | "Q"; readonly exitCode: number }
  | { readonly name: "a" | "i" | "c"; readonly text: string }
  | { readonly name: ":"; readonly label: string }
  | { readonly name: "b" | "t" | "T"; readonly label: string; target: number }
  | { readonly name: "r" | "R" | "w" | "W"; readonly file: string }
  | { readonly name: "s"; readonly substitution: Substitution }
  | { readonly name: "y"; readonly map: ReadonlyMap<string, string> }

export interface SedCommand {
  readonly start: Address | undefined
  readonly end: EndAddress | undefined
  readonly negate: boolean
  readonly action: Action
}

export interface SedProgram {
  readonly commands: ReadonlyArray<SedCommand>
  /** `#n` on the first line acts as -n. */
  readonly silent: boolean
}
