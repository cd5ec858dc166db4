/**
 * The parsed form of a POSIX (BRE/ERE) regular expression, before it is emitted as a
 * JavaScript RegExp source. Characters are whole code points.
 */

/** One member of a bracket expression. */
export type SetItem =
  | { readonly kind: "char"; readonly char: string }
  | { readonly kind: "range"; readonly from: string; readonly to: string }
  /** A POSIX class name (`alpha`, `digit`, ...). */
  | { readonly kind: "class"; readonly name: string }

export type AssertionKind =
  | "lineStart"
  | "lineEnd"
  | "bufferStart"
  | "bufferEnd"
  | "wordBoundary"
  | "notWordBoundary"
  | "wordStart"
  | "wordEnd"

export type RegexNode =
  | { readonly type: "literal"; readonly char: string }
  | { readonly type: "any" }
  | { readonly type: "set"; readonly negated: boolean; readonly items: ReadonlyArray<SetItem> }
  | { readonly type: "group"; readonly index: number; readonly body: RegexNode }
  | { readonly type: "backref"; readonly index: number }
  | { readonly type: "assert"; readonly kind: AssertionKind }
  | { readonly type: "repeat"; readonly body: RegexNode; readonly min: number; readonly max: number }
  | { readonly type: "concat"; readonly items: ReadonlyArray<RegexNode> }
  | { readonly type: "alternation"; readonly branches: ReadonlyArray<RegexNode> }

/** What went wrong, as a kind the commands map to their own wording. */
export type RegexErrorKind =
  | "UnmatchedBracket"
  | "UnmatchedOpenParen"
  | "UnmatchedCloseParen"
  | "UnmatchedBrace"
  | "InvalidBraceContent"
  | "InvalidClassName"
  | "InvalidCollation"
  | "InvalidRangeEnd"
  | "InvalidBackReference"
  | "InvalidPrecedingRegex"
  | "TooBig"
  | "ClassSyntax"
  | "TrailingBackslash"
  | "InvalidPerl"

/** GNU regex's wording for each kind (what grep and sed print after `cmd: `). */
export const regexErrorMessage = (kind: RegexErrorKind, detail?: string): string => {
  switch (kind) {
    case "UnmatchedBracket":
      return "Unmatched [, [^, [:, [., or [="
    case "UnmatchedOpenParen":
      return "Unmatched ( or \\("
    case "UnmatchedCloseParen":
      return "Unmatched ) or \\)"
    case "UnmatchedBrace":
      return "Unmatched \\{"
    case "InvalidBraceContent":
      return "Invalid content of \\{\\}"
    case "InvalidClassName":
      return "Invalid character class name"
    case "InvalidCollation":
      return "Invalid collation character"
    case "InvalidRangeEnd":
      return "Invalid range end"
    case "InvalidBackReference":
      return "Invalid back reference"
    case "InvalidPrecedingRegex":
      return "Invalid preceding regular expression"
    case "TooBig":
      return "Regular expression too big"
    case "ClassSyntax":
      return `character class syntax is [[:space:]], not [:space:]`
    case "TrailingBackslash":
      return "Trailing backslash"
    case "InvalidPerl":
      return detail ?? "Invalid regular expression"
  }
}

/** Thrown inside the parser only; `compilePosixRegex` turns it into an `Error` result. */
export class RegexSyntaxError {
  constructor(readonly kind: RegexErrorKind, readonly detail?: string) {}
}
