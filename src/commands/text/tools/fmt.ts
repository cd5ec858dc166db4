/**
 * `fmt`: refill paragraphs. GNU's algorithm: a paragraph is a run of non-blank lines with the
 * same indentation (and prefix); its words are broken into lines by dynamic programming over
 * a cost that favours lines near 93% of the width, even line lengths, and breaks at sentence
 * ends. Text is handled as bytes (one char per byte), as GNU fmt counts columns in bytes.
 */
import { Effect } from "effect"
import { defineCommand, overrideContext, type CommandContext } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { fail, quote, readOperands, withArgs, writeBinary, type Run } from "./common.js"
import { unmetered, type WorkMeter } from "../../../limits/Budget.js"

const specs = [
  { short: "c", long: "crown-margin" },
  { short: "p", long: "prefix", value: true },
  { short: "s", long: "split-only" },
  { short: "t", long: "tagged-paragraph" },
  { short: "u", long: "uniform-spacing" },
  { short: "w", long: "width", value: true },
  { short: "g", long: "goal", value: true }
]

const DEFAULT_WIDTH = 75
/** Lines are best LEEWAY % shorter than the maximum width. */
const LEEWAY = 7
const DEFAULT_INDENT = 3
const TAB_WIDTH = 8
const MAX_WORDS = 1000
const MAX_CHARS = 5000

// Costs: the squared equivalent departure from the goal line length, times ten.
const equiv = (n: number) => n * n
const shortCost = (n: number) => equiv(n * 10)
const raggedCost = (n: number) => Math.trunc(shortCost(n) / 2)
const LINE_COST = equiv(70)
const widowCost = (n: number) => Math.trunc(equiv(200) / (n + 2))
const orphanCost = (n: number) => Math.trunc(equiv(150) / (n + 2))
const SENTENCE_BONUS = equiv(50)
const NOBREAK_COST = equiv(600)
const PAREN_BONUS = equiv(40)
const PUNCT_BONUS = equiv(40)
const LINE_CREDIT = equiv(3)
const MAX_COST = Number.MAX_SAFE_INTEGER

const EOF = -1
const isOpen = (c: string) => "(['`\"".includes(c)
const isClose = (c: string) => ")]'\"".includes(c)
const isPeriod = (c: string) => ".?!".includes(c)
const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13)
const isPunct = (c: number) => (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)

interface Word {
  text: string
  length: number
  /** Spaces after the word. */
  space: number
  paren: boolean
  period: boolean
  punct: boolean
  final: boolean
  lineLength: number
  bestCost: number
  nextBreak: number
}

const newWord = (): Word => ({ text: "", length: 0, space: 0, paren: false, period: false, punct: false, final: false, lineLength: 0, bestCost: 0, nextBreak: 0 })

export interface FmtOptions {
  readonly maxWidth: number
  readonly goalWidth: number
  readonly crown: boolean
  readonly tagged: boolean
  readonly split: boolean
  readonly uniform: boolean
  readonly prefix: string
  readonly prefixLeadSpace: number
  /** The prefix's length before its trailing spaces were trimmed. */
  readonly prefixFullLength: number
}

/** One run of fmt over one input (a binary string); GNU's state machine, read byte by byte. */
class Formatter {
  private out = ""
  private pos = 0
  private inColumn = 0
  private outColumn = 0
  private tabs = false
  private prefixIndent = 0
  private firstIndent = 0
  private otherIndent = 0
  private nextChar = EOF
  private nextPrefixIndent = 0
  private lastLineLength = 0
  private words: Array<Word> = []
  /** Index of the first unused word (may hold an incomplete word). */
  private limit = 0
  /** Characters of the paragraph so far (for the MAX_CHARS limit). */
  private chars = 0

  constructor(
    private readonly data: string,
    private readonly o: FmtOptions,
    private readonly meter: WorkMeter
  ) {}

  run(): string {
    this.nextChar = this.getPrefix()
    while (this.getParagraph()) {
      // A paragraph holds at most a thousand words: charged by its size, so a long input stops at the deadline.
      this.meter.step(1 + this.limit * 16)
      this.fmtParagraph()
      this.putParagraph(this.limit)
    }
    return this.out
  }

  private getc(): number {
    return this.pos < this.data.length ? this.data.charCodeAt(this.pos++) : EOF
  }

  private word(index: number): Word {
    while (this.words.length <= index) this.words.push(newWord())
    return this.words[index]!
  }

  private setOtherIndent(sameParagraph: boolean): void {
    const o = this.o
    if (o.split) this.otherIndent = this.firstIndent
    else if (o.crown) this.otherIndent = sameParagraph ? this.inColumn : this.firstIndent
    else if (o.tagged) {
      if (sameParagraph && this.inColumn !== this.firstIndent) this.otherIndent = this.inColumn
      else if (this.otherIndent === this.firstIndent) this.otherIndent = this.firstIndent === 0 ? DEFAULT_INDENT : 0
    } else this.otherIndent = this.firstIndent
  }

  private getParagraph(): boolean {
    this.lastLineLength = 0
    let c = this.nextChar
    // Blank lines and lines without the prefix are copied as they are.
    while (c === 10 || c === EOF || this.nextPrefixIndent < this.o.prefixLeadSpace || this.inColumn < this.nextPrefixIndent + this.o.prefixFullLength) {
      c = this.copyRest(c)
      if (c === EOF) {
        this.nextChar = EOF
        return false
      }
      this.out += "\n"
      c = this.getPrefix()
    }
    this.prefixIndent = this.nextPrefixIndent
    this.firstIndent = this.inColumn
    this.limit = 0
    this.chars = 0
    c = this.getLine(c)
    this.setOtherIndent(this.sameParagraph(c))
    const o = this.o
    if (o.split) {
      // One line per paragraph.
    } else if (o.crown) {
      if (this.sameParagraph(c)) {
        do c = this.getLine(c)
        while (this.sameParagraph(c) && this.inColumn === this.otherIndent)
      }
    } else if (o.tagged) {
      if (this.sameParagraph(c) && this.inColumn !== this.firstIndent) {
        do c = this.getLine(c)
        while (this.sameParagraph(c) && this.inColumn === this.otherIndent)
      }
    } else {
      while (this.sameParagraph(c) && this.inColumn === this.otherIndent) c = this.getLine(c)
    }
    const last = this.word(this.limit - 1)
    last.period = last.final = true
    this.nextChar = c
    return true
  }

  private copyRest(c: number): number {
    this.outColumn = 0
    if (this.inColumn > this.nextPrefixIndent || (c !== 10 && c !== EOF)) {
      this.putSpace(this.nextPrefixIndent)
      for (let k = 0; this.outColumn !== this.inColumn && k < this.o.prefix.length; this.outColumn++) this.out += this.o.prefix[k++]
      if (c !== EOF && c !== 10) this.putSpace(this.inColumn - this.outColumn)
      // A last line of only blanks (or prefix) still ends with a newline.
      if (c === EOF && this.inColumn >= this.nextPrefixIndent + this.o.prefix.length) this.out += "\n"
    }
    while (c !== 10 && c !== EOF) {
      this.out += String.fromCharCode(c)
      c = this.getc()
    }
    return c
  }

  private sameParagraph(c: number): boolean {
    return this.nextPrefixIndent === this.prefixIndent && this.inColumn >= this.nextPrefixIndent + this.o.prefixFullLength && c !== 10 && c !== EOF
  }

  /** Read one line's words, starting with its first non-blank character `c`. */
  private getLine(c: number): number {
    do {
      const w = this.word(this.limit)
      let text = ""
      do {
        if (this.chars === MAX_CHARS) {
          w.text = text
          this.setOtherIndent(true)
          this.flushParagraph(text)
          text = this.word(this.limit).text
        }
        text += String.fromCharCode(c)
        this.chars++
        c = this.getc()
      } while (c !== EOF && !isSpace(c))
      const current = this.word(this.limit)
      current.text = text
      current.length = text.length
      this.inColumn += text.length
      this.checkPunctuation(current)
      const start = this.inColumn
      c = this.getSpace(c)
      current.space = this.inColumn - start
      current.final = c === EOF || (current.period && (c === 10 || current.space > 1))
      if (c === 10 || c === EOF || this.o.uniform) current.space = current.final ? 2 : 1
      if (this.limit === MAX_WORDS - 2) {
        this.setOtherIndent(true)
        this.flushParagraph(undefined)
      }
      this.limit++
    } while (c !== 10 && c !== EOF)
    return this.getPrefix()
  }

  private getPrefix(): number {
    this.inColumn = 0
    let c = this.getSpace(this.getc())
    const prefix = this.o.prefix
    if (prefix.length === 0) {
      this.nextPrefixIndent = Math.min(this.o.prefixLeadSpace, this.inColumn)
    } else {
      this.nextPrefixIndent = this.inColumn
      for (let k = 0; k < prefix.length; k++) {
        if (c !== prefix.charCodeAt(k)) return c
        this.inColumn++
        c = this.getc()
      }
      c = this.getSpace(c)
    }
    return c
  }

  private getSpace(c: number): number {
    for (;;) {
      if (c === 32) this.inColumn++
      else if (c === 9) {
        this.tabs = true
        this.inColumn = (Math.floor(this.inColumn / TAB_WIDTH) + 1) * TAB_WIDTH
      } else return c
      c = this.getc()
    }
  }

  private checkPunctuation(w: Word): void {
    const text = w.text
    let finish = text.length - 1
    w.paren = isOpen(text[0]!)
    w.punct = isPunct(text.charCodeAt(finish))
    while (finish > 0 && isClose(text[finish]!)) finish--
    w.period = isPeriod(text[finish]!)
  }

  /**
   * The paragraph outgrew the word or character buffer: print it up to a cheap break near the
   * end and keep the rest. `pending` is the text of a word being read, if any.
   */
  private flushParagraph(pending: string | undefined): void {
    // (The word being read, complete or not, is at `limit`.)
    if (this.limit === 0) {
      // All one word: print what there is of it.
      this.out += pending ?? ""
      this.word(0).text = ""
      this.chars = 0
      return
    }
    this.fmtParagraph()
    let split = this.limit
    let bestBreak = MAX_COST
    for (let w = this.word(0).nextBreak; w !== this.limit; w = this.word(w).nextBreak) {
      const cost = this.word(w).bestCost - this.word(this.word(w).nextBreak).bestCost
      if (cost < bestBreak) {
        split = w
        bestBreak = cost
      }
      if (bestBreak <= MAX_COST - LINE_CREDIT) bestBreak += LINE_CREDIT
    }
    this.putParagraph(split)
    const kept = this.words.slice(split, this.limit + 1)
    this.words = kept
    this.limit -= split
    // The buffer now holds the kept words and the word being read.
    this.chars = kept.reduce((n, w) => n + w.text.length, 0)
  }

  private fmtParagraph(): void {
    const limitWord = this.word(this.limit)
    limitWord.bestCost = 0
    const savedLength = limitWord.length
    limitWord.length = this.o.maxWidth
    for (let start = this.limit - 1; start >= 0; start--) {
      let best = MAX_COST
      const s = this.word(start)
      let len = (start === 0 ? this.firstIndent : this.otherIndent) + s.length
      let w = start
      do {
        w++
        let cost = this.lineCost(w, len) + this.word(w).bestCost
        if (start === 0 && this.lastLineLength > 0) cost += raggedCost(len - this.lastLineLength)
        if (cost < best) {
          best = cost
          s.nextBreak = w
          s.lineLength = len
        }
        if (w === this.limit) break
        len += this.word(w - 1).space + this.word(w).length
      } while (len < this.o.maxWidth)
      s.bestCost = best + this.baseCost(start)
    }
    limitWord.length = savedLength
  }

  private baseCost(index: number): number {
    let cost = LINE_COST
    const w = this.word(index)
    if (index > 0) {
      const previous = this.word(index - 1)
      if (previous.period) cost += previous.final ? -SENTENCE_BONUS : NOBREAK_COST
      else if (previous.punct) cost -= PUNCT_BONUS
      else if (index > 1 && this.word(index - 2).final) cost += widowCost(previous.length)
    }
    if (w.paren) cost -= PAREN_BONUS
    else if (w.final) cost += orphanCost(w.length)
    return cost
  }

  private lineCost(next: number, len: number): number {
    if (next === this.limit) return 0
    let cost = shortCost(this.o.goalWidth - len)
    const w = this.word(next)
    if (w.nextBreak !== this.limit) cost += raggedCost(len - w.lineLength)
    return cost
  }

  private putParagraph(finish: number): void {
    this.putLine(0, this.firstIndent)
    for (let w = this.word(0).nextBreak; w !== finish; w = this.word(w).nextBreak) this.putLine(w, this.otherIndent)
  }

  private putLine(first: number, indent: number): void {
    this.outColumn = 0
    this.putSpace(this.prefixIndent)
    this.out += this.o.prefix
    this.outColumn += this.o.prefix.length
    this.putSpace(indent - this.outColumn)
    const end = this.word(first).nextBreak - 1
    for (let w = first; w < end; w++) {
      this.putWord(w)
      this.putSpace(this.word(w).space)
    }
    this.putWord(end)
    this.lastLineLength = this.outColumn
    this.out += "\n"
  }

  private putWord(index: number): void {
    const w = this.word(index)
    this.out += w.text
    this.outColumn += w.length
  }

  /** Spaces, or tabs where the input used tabs. */
  private putSpace(space: number): void {
    const target = this.outColumn + space
    if (this.tabs) {
      const tabTarget = Math.floor(target / TAB_WIDTH) * TAB_WIDTH
      if (this.outColumn + 1 < tabTarget) {
        while (this.outColumn < tabTarget) {
          this.out += "\t"
          this.outColumn = (Math.floor(this.outColumn / TAB_WIDTH) + 1) * TAB_WIDTH
        }
      }
    }
    while (this.outColumn < target) {
      this.out += " "
      this.outColumn++
    }
  }
}

export const fmtText = (data: string, options: FmtOptions, meter: WorkMeter = unmetered): string => new Formatter(data, options, meter).run()

const run = (ctx: CommandContext, args: ParsedArgs, leadingWidth: string | undefined): Run =>
  Effect.gen(function* () {
    const widthText = args.values.get("width") ?? leadingWidth
    const goalText = args.values.get("goal")
    let maxWidth = DEFAULT_WIDTH
    if (widthText !== undefined) {
      if (!/^\d+$/.test(widthText)) return yield* fail(ctx, `invalid width: ${quote(widthText)}`)
      if (Number(widthText) > MAX_CHARS / 2) return yield* fail(ctx, `invalid width: ${quote(widthText)}: Numerical result out of range`)
      maxWidth = Number(widthText)
    }
    let goalWidth: number
    if (goalText !== undefined) {
      if (!/^\d+$/.test(goalText)) return yield* fail(ctx, `invalid width: ${quote(goalText)}`)
      if (Number(goalText) > maxWidth) return yield* fail(ctx, `invalid width: ${quote(goalText)}: Numerical result out of range`)
      goalWidth = Number(goalText)
      if (widthText === undefined) maxWidth = goalWidth + 10
    } else goalWidth = Math.floor((maxWidth * (2 * (100 - LEEWAY) + 1)) / 200)
    // The prefix loses its leading spaces (counted apart) and its trailing ones.
    const rawPrefix = args.values.get("prefix") ?? ""
    const leadSpace = rawPrefix.length - rawPrefix.replace(/^ +/, "").length
    const untrimmed = rawPrefix.slice(leadSpace)
    const options: FmtOptions = {
      maxWidth,
      goalWidth,
      crown: args.flags.has("crown-margin"),
      tagged: args.flags.has("tagged-paragraph"),
      split: args.flags.has("split-only"),
      uniform: args.flags.has("uniform-spacing"),
      prefix: untrimmed.replace(/ +$/, ""),
      prefixLeadSpace: leadSpace,
      prefixFullLength: untrimmed.length
    }
    let status = 0
    for (const input of yield* readOperands(ctx, args.operands)) {
      if (input.data === undefined) status = 1
      else yield* writeBinary(ctx, fmtText(input.data, options, ctx.budget))
    }
    return status
  })

export const fmtCommand = defineCommand("fmt", (ctx) => {
  // `fmt -WIDTH` is accepted as the first argument only.
  const first = ctx.args[0]
  const leadingWidth = first !== undefined && /^-\d/.test(first) ? first.slice(1) : undefined
  const rest = leadingWidth === undefined ? ctx : overrideContext(ctx, { args: ctx.args.slice(1) })
  return withArgs(rest, specs, "fmt [-WIDTH] [OPTION]... [FILE]...\nReformat each paragraph in the FILE(s), writing to standard output.", (args) =>
    run(rest, args, leadingWidth)
  )
})
