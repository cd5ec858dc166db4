/** Accumulates word parts, merging adjacent literal text into one Literal part. */
import type { WordPart } from "../Ast.js"

export class Parts {
  readonly list: Array<WordPart> = []

  literal(text: string): void {
    if (text.length === 0) return
    const last = this.list[this.list.length - 1]
    if (last !== undefined && last._tag === "Literal") {
      this.list[this.list.length - 1] = { _tag: "Literal", value: last.value + text }
    } else {
      this.list.push({ _tag: "Literal", value: text })
    }
  }

  push(part: WordPart): void {
    if (part._tag === "Literal") this.literal(part.value)
    else this.list.push(part)
  }
}
