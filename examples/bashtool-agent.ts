/**
 * BashTool in a tiny agent loop: a scripted fake "model" issues tool calls, the host validates
 * and runs each one, streams its output live, and feeds the result back. Prints the transcript.
 *
 *   npx tsx examples/bashtool-agent.ts
 */
import { Effect, Stream } from "effect"
import { BashTool, isUserFacing, type ToolResult } from "../src/index.js"

const builder = BashTool.builder()
  .username("agent")
  .cwd("/home/agent")
  .files({ "/home/agent/sales.csv": "region,amount\nnorth,120\nsouth,80\nnorth,45\neast,60\n" })
  .builtin("notify", (args) => `notified: ${args.join(" ")}\n`, { hint: "Use `notify <text>` to report a finding." })

const tool = builder.build()

/** The fake model: one tool call per turn, chosen from what it saw last; `undefined` ends the loop. */
const turns: ReadonlyArray<(last: ToolResult | undefined) => unknown> = [
  () => ({ commands: "head -3 sales.csv; wc -l < sales.csv" }),
  () => ({ commands: "awk -F, 'NR > 1 { sum[$1] += $2 } END { for (r in sum) print r, sum[r] }' sales.csv | sort -k2 -nr" }),
  (last) => ({ commands: `notify "top region: ${last?.stdout.split(" ")[0] ?? "?"}"` }),
  () => ({ timeout_ms: "soon" }), // a malformed call: the model gets a readable error back
  () => ({ commands: "while true; do sleep 1; done", timeout_ms: 200 })
]

const program = Effect.gen(function* () {
  console.log(`system: ${tool.systemPrompt()}\n`)
  console.log(`tools: ${JSON.stringify([builder.buildToolDefinition()])}\n`)
  let last: ToolResult | undefined
  for (const turn of turns) {
    const args = turn(last)
    console.log(`model → ${tool.name()}(${JSON.stringify(args)})`)
    const outcome = yield* Effect.either(tool.execution(args))
    if (outcome._tag === "Left") {
      const error = outcome.left
      console.log(`tool  → error${isUserFacing(error) ? "" : " (internal)"}: ${error.message}\n`)
      continue
    }
    const execution = outcome.right
    const live = execution.outputStream().pipe(Stream.runForEach((chunk) => Effect.sync(() => process.stdout.write(`  live ${chunk.kind}: ${JSON.stringify(chunk.data)}\n`))))
    const [, output] = yield* Effect.all([live, execution.execute()], { concurrency: 2 })
    last = output.result
    console.log(`tool  → ${JSON.stringify(output.result)}\n`)
  }
})

Effect.runPromise(program).catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
