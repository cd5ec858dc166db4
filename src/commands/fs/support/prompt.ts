import { Effect } from "effect"
import type { CommandContext, CommandFailure } from "../../Command.js"
import { decodeText } from "../../support/io.js"

/**
 * Interactive confirmation without a terminal, as GNU does it: the question goes to stderr
 * and the answer is one line of stdin (`y`/`Y` means yes; end of input means no). Like
 * stdio, the first read takes a whole chunk, so later prompts see only what remains.
 */
export class Prompter {
  private buffered = ""
  private ended = false
  constructor(private readonly ctx: CommandContext) {}

  private readLine(): Effect.Effect<string | undefined, CommandFailure> {
    const self = this
    return Effect.gen(function* () {
      for (;;) {
        const newline = self.buffered.indexOf("\n")
        if (newline !== -1) {
          const line = self.buffered.slice(0, newline)
          self.buffered = self.buffered.slice(newline + 1)
          return line
        }
        if (self.ended) {
          if (self.buffered === "") return undefined
          const line = self.buffered
          self.buffered = ""
          return line
        }
        const chunk = yield* self.ctx.stdin.read
        if (chunk === undefined) self.ended = true
        else self.buffered += decodeText(chunk)
      }
    })
  }

  /** Ask `question` (printed as `cmd: question`) and read the answer. */
  ask(question: string, prefixed = true): Effect.Effect<boolean, CommandFailure> {
    const self = this
    return Effect.gen(function* () {
      yield* self.ctx.stderr.write(prefixed ? `${self.ctx.name}: ${question}` : question)
      const answer = yield* self.readLine()
      return answer !== undefined && /^\s*[yY]/.test(answer)
    })
  }
}
